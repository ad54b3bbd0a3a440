import type { AuthConfig } from '../../shared/auth-config.ts';
import { readJson } from '../lib/storage.ts';

/**
 * Reads the user oidc-client-ts keeps in localStorage, without loading
 * oidc-client-ts: knowing who is signed in and holding their token must not
 * cost the first screen the library's bytes. The library is loaded only to
 * sign in, finish a sign-in, renew or sign out.
 */
export interface StoredUser {
  access_token: string;
  refresh_token?: string;
  expires_at?: number;
  profile: { sub: string; name?: string; email?: string };
}

export function storedUserKey(config: AuthConfig): string {
  return `oidc.user:${config.authority}:${config.client_id}`;
}

export function readStoredUser(config: AuthConfig): StoredUser | null {
  const raw = readJson<Partial<StoredUser> | null>(storedUserKey(config), null);
  if (!raw || typeof raw.access_token !== 'string' || typeof raw.profile?.sub !== 'string') return null;
  return raw as StoredUser;
}

/** Seconds until the access token expires (negative once it has). */
export function expiresIn(user: StoredUser, now = Date.now()): number {
  return user.expires_at === undefined ? Infinity : user.expires_at - Math.floor(now / 1000);
}
