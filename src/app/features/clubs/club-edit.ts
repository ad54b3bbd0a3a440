import { firstFieldErrors } from '../../../shared/field-errors.ts';
import { CLUB_EDIT_FIELDS, clubEditSchema, compareClubs, type Club, type ClubEdit } from '../../../shared/clubs.ts';
import { createSignal } from '../../lib/signal.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { readJson, writeStorage } from '../../lib/storage.ts';

/**
 * The club editor's rules: the form's values (a draft of text, one training
 * line per line), what changed against the club, the shared edit schema's
 * hints for the changed fields (numbers non-empty and 0 or more, http(s)
 * addresses, text non-empty) and a change applied to a club. A developer's
 * edits stay on this device (localStorage, by club id) and are laid over the
 * list wherever it shows; a leader's or an admin's go to the server.
 */
export type DraftField = (typeof CLUB_EDIT_FIELDS)[number];
export type ClubDraft = { [K in DraftField]: K extends 'out_of_state' ? boolean : string };
export type DraftErrors = Partial<Record<DraftField, string>>;

const text = (v: string | null | undefined) => v ?? '';

export function draftOf(club: Club): ClubDraft {
  return {
    city: text(club.city),
    region: text(club.region),
    image_url: text(club.image_url),
    training: club.training.join('\n'),
    practice_end: club.practice_end,
    avg_practice_size: String(club.avg_practice_size),
    desc: text(club.desc),
    members_count: String(club.members_count),
    out_of_state: club.out_of_state,
    founded: club.founded === null ? '' : String(club.founded),
    facebook: text(club.facebook),
    instagram: text(club.instagram),
    medals_this_year: String(club.medals_this_year),
    supermatches_hosted: String(club.supermatches_hosted),
    supermatches_upcoming: String(club.supermatches_upcoming),
  };
}

/** The fields whose value differs from the club's, as the edit body takes them. */
export function changedInput(draft: ClubDraft, club: Club): Record<string, unknown> {
  const base = draftOf(club);
  const input: Record<string, unknown> = {};
  for (const f of CLUB_EDIT_FIELDS) {
    if (draft[f] === base[f]) continue;
    input[f] = f === 'training' ? draft.training.split('\n') : draft[f];
  }
  return input;
}

export type DraftCheck = { changed: false } | { changed: true; edit: ClubEdit | null; errors: DraftErrors };

/** What Save would send, or the hints beside the fields that are wrong; unchanged fields are never checked. */
export function checkDraft(draft: ClubDraft, club: Club): DraftCheck {
  const input = changedInput(draft, club);
  if (!Object.keys(input).length) return { changed: false };
  const parsed = clubEditSchema.safeParse(input);
  if (parsed.success) return { changed: true, edit: parsed.data, errors: {} };
  return { changed: true, edit: null, errors: firstFieldErrors<DraftField>(parsed.error) };
}

/** The club with a change laid over it. */
export function applyEdit(club: Club, edit: ClubEdit): Club {
  const set = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
  return { ...club, ...set };
}

// A developer's local edits, by club id.
type LocalEdits = Record<string, ClubEdit>;

function readLocalEdits(): LocalEdits {
  const stored = readJson<unknown>(STORAGE_KEYS.clubEdits, {});
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const edits: LocalEdits = {};
  for (const [id, raw] of Object.entries(stored)) {
    const parsed = clubEditSchema.safeParse(raw);
    if (parsed.success) edits[id] = parsed.data;
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
