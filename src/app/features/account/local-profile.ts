import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { readJson, writeStorage } from '../../lib/storage.ts';

/**
 * The contacts an athlete keeps on this device,
 * under one storage key, never sent anywhere. Whatever is stored is read
 * through `migrateLocalProfile`, which accepts every older shape: a link's old
 * boolean `public` flag becomes public (true) or private (false).
 *
 * The record names the account (token subject) that saved it, so a second
 * person signing in on a shared device does not see the first one's phone
 * number. A record without an owner (saved by an older version) is taken by
 * whoever signs in first.
 */

export const LOCAL_PROFILE_KEY = STORAGE_KEYS.localProfile;

export const VISIBILITIES = ['public', 'organizers', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const LINK_KINDS = ['facebook', 'instagram', 'x', 'youtube'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export interface ContactLink {
  url: string;
  visibility: Visibility;
}

export interface LocalProfile {
  profile_name: string;
  phone: string;
  phone_visibility: Visibility;
  links: Record<LinkKind, ContactLink>;
  verified: boolean;
  /** The account that saved it. */
  account?: string | undefined;
}

/**
 * Defaults when nothing says otherwise: a phone number is private (it reaches
 * people), a social link is public (it is there to be found).
 */
export const DEFAULT_PHONE_VISIBILITY: Visibility = 'private';
export const DEFAULT_LINK_VISIBILITY: Visibility = 'public';

export function emptyLocalProfile(): LocalProfile {
  return {
    profile_name: '',
    phone: '',
    phone_visibility: DEFAULT_PHONE_VISIBILITY,
    links: {
      facebook: { url: '', visibility: DEFAULT_LINK_VISIBILITY },
      instagram: { url: '', visibility: DEFAULT_LINK_VISIBILITY },
      x: { url: '', visibility: DEFAULT_LINK_VISIBILITY },
      youtube: { url: '', visibility: DEFAULT_LINK_VISIBILITY },
    },
    verified: false,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A visibility value, or the old boolean flag (true: public, false: private), else the fallback. */
function visibilityOf(value: unknown, legacyPublic: unknown, fallback: Visibility): Visibility {
  if (typeof value === 'string' && (VISIBILITIES as readonly string[]).includes(value)) return value as Visibility;
  if (typeof legacyPublic === 'boolean') return legacyPublic ? 'public' : 'private';
  return fallback;
}

function linkOf(raw: unknown): ContactLink {
  // The oldest shape kept a bare address.
  if (typeof raw === 'string') return { url: raw, visibility: DEFAULT_LINK_VISIBILITY };
  if (!isObject(raw)) return { url: '', visibility: DEFAULT_LINK_VISIBILITY };
  return { url: str(raw.url), visibility: visibilityOf(raw.visibility, raw.public, DEFAULT_LINK_VISIBILITY) };
}

/** Any stored value (of any version, or garbage) as a current local profile. */
export function migrateLocalProfile(raw: unknown): LocalProfile {
  const profile = emptyLocalProfile();
  if (!isObject(raw)) return profile;
  const links = isObject(raw.links) ? raw.links : {};
  return {
    profile_name: str(raw.profile_name),
    phone: str(raw.phone),
    phone_visibility: visibilityOf(raw.phone_visibility, raw.phone_public, DEFAULT_PHONE_VISIBILITY),
    links: {
      facebook: linkOf(links.facebook),
      instagram: linkOf(links.instagram),
      // An older record may name X by its former name.
      x: linkOf(links.x ?? links.twitter),
      youtube: linkOf(links.youtube),
    },
    verified: raw.verified === true,
    ...(typeof raw.account === 'string' ? { account: raw.account } : {}),
  };
}

/** What this account has stored on this device; an empty profile if it belongs to someone else. */
export function readLocalProfile(account: string): LocalProfile {
  const stored = migrateLocalProfile(readJson<unknown>(LOCAL_PROFILE_KEY, null));
  if (stored.account !== undefined && stored.account !== account) return { ...emptyLocalProfile(), account };
  return { ...stored, account };
}

/** Stores the whole profile as this account's; false when storage refused it. */
export function saveLocalProfile(account: string, profile: LocalProfile): boolean {
  const value = JSON.stringify({ ...profile, account });
  writeStorage(LOCAL_PROFILE_KEY, value);
  try {
    return localStorage.getItem(LOCAL_PROFILE_KEY) === value;
  } catch {
    return false;
  }
}

/** Changes some fields of this account's stored profile, keeping the rest. */
export function updateLocalProfile(account: string, change: Partial<Pick<LocalProfile, 'profile_name' | 'verified'>>) {
  const current = readLocalProfile(account);
  if (Object.entries(change).every(([k, v]) => current[k as keyof LocalProfile] === v)) return;
  saveLocalProfile(account, { ...current, ...change });
}
