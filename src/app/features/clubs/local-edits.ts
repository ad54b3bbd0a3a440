import { CLUB_EDIT_FIELDS, compareClubs } from '../../../shared/club-rules.ts';
import type { Club, ClubEdit } from '../../../shared/clubs.ts';
import { createSignal } from '../../lib/signal.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { readJson, writeStorage } from '../../lib/storage.ts';

/**
 * A developer's club edits, kept on this device only (localStorage, by club
 * id) and laid over the list wherever it shows, and the other rules the list
 * needs (a change applied to a club, who leads a club). No zod here: the clubs
 * page loads this with the list. An edit was checked with the edit schema
 * when it was saved; read back, an entry keeps only the editable fields that
 * hold their kind of value, so a stray value in storage cannot break the list.
 */

/** The club with a change laid over it. */
export function applyEdit(club: Club, edit: ClubEdit): Club {
  const set = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
  return { ...club, ...set };
}

// A developer's local edits, by club id, as saved on this device (read once, at start).
type LocalEdits = Record<string, ClubEdit>;

/** What each editable field holds, as the edit schema leaves it. */
const KIND_OF: Record<(typeof CLUB_EDIT_FIELDS)[number], (v: unknown) => boolean> = {
  city: (v) => typeof v === 'string',
  region: (v) => typeof v === 'string',
  image_url: (v) => v === null || typeof v === 'string',
  training: (v) => Array.isArray(v) && v.every((line) => typeof line === 'string'),
  practice_end: (v) => typeof v === 'string',
  avg_practice_size: (v) => Number.isInteger(v),
  desc: (v) => typeof v === 'string',
  members_count: (v) => Number.isInteger(v),
  out_of_state: (v) => typeof v === 'boolean',
  founded: (v) => v === null || Number.isInteger(v),
  facebook: (v) => v === null || typeof v === 'string',
  instagram: (v) => v === null || typeof v === 'string',
  medals_this_year: (v) => Number.isInteger(v),
  supermatches_hosted: (v) => Number.isInteger(v),
  supermatches_upcoming: (v) => Number.isInteger(v),
};
const isEditable = (field: string, v: unknown) =>
  (CLUB_EDIT_FIELDS as readonly string[]).includes(field) && KIND_OF[field as keyof typeof KIND_OF](v);

export function readLocalEdits(): LocalEdits {
  const stored = readJson<unknown>(STORAGE_KEYS.clubEdits, {});
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const edits: LocalEdits = {};
  for (const [id, raw] of Object.entries(stored as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const fields = Object.entries(raw as Record<string, unknown>).filter(([field, v]) => isEditable(field, v));
    if (fields.length) edits[id] = Object.fromEntries(fields);
  }
  return edits;
}

const localEdits = createSignal<LocalEdits>(readLocalEdits());

function writeLocalEdits(next: LocalEdits) {
  writeStorage(STORAGE_KEYS.clubEdits, JSON.stringify(next));
  localEdits.set(next);
}

export function saveLocalEdit(id: number, edit: ClubEdit): void {
  const all = localEdits.get();
  writeLocalEdits({ ...all, [id]: { ...all[id], ...edit } });
}

export function clearLocalEdit(id: number): void {
  const { [id]: _dropped, ...rest } = localEdits.get();
  writeLocalEdits(rest);
}

export const useLocalEdits = localEdits.use;

/** The list with this device's edits laid over it (and sorted again: a members count may have moved). */
export function withLocalEdits(clubs: readonly Club[], edits: LocalEdits): Club[] {
  if (!Object.keys(edits).length) return [...clubs];
  return clubs.map((c) => (edits[c.id] ? applyEdit(c, edits[c.id]!) : c)).sort(compareClubs);
}

export const hasLocalEdit = (edits: LocalEdits, id: number) => !!edits[id];

/** A club leader may edit the clubs whose leaders include their verified name. */
export function leadsClub(club: Pick<Club, 'leaders'>, verifiedName: string | null): boolean {
  const name = verifiedName?.trim().toLowerCase();
  return !!name && club.leaders.some((l) => l.trim().toLowerCase() === name);
}
