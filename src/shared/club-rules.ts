import type { Club, ClubEdit } from './clubs.ts';
import { HTTP_URL_MESSAGE } from './field-rules.ts';

/**
 * The club rules every side shares that need no schema: defaults, limits,
 * the list order, the edit hints' words, the editable
 * fields, where the app reads clubs and the club sheet, and how a sheet reads.
 * Apart from the zod schemas (clubs.ts) so the clubs page, which reads the list
 * checked by hand, does not download zod for them.
 */

/** Used where a club has no value of its own. */
export const CLUB_DEFAULTS = {
  avg_practice_size: 12,
  medals_this_year: 159,
  supermatches_hosted: 13,
  practice_end: '9:00pm',
} as const;

/** How many members the club modal lists before its toggle. */
export const CLUB_MEMBERS_SHOWN = 5;

/** Founded years a club may give. */
export const FOUNDED_MIN = 1900;
export const FOUNDED_MAX = 2100;

/**
 * A placing counts for a talent category (the association's, in its profile) when the athlete is in the top 10
 * of their weight class on that hand.
 */
export const TALENT_TOP = 10;

/** In-state clubs first, then more members first; ties by name. */
export function compareClubs(a: Pick<Club, 'out_of_state' | 'members_count' | 'name'>, b: typeof a): number {
  if (a.out_of_state !== b.out_of_state) return a.out_of_state ? 1 : -1;
  if (a.members_count !== b.members_count) return b.members_count - a.members_count;
  return a.name.localeCompare(b.name);
}

// The edit hints, worded once for the app's edit mode and the server.
export const CLUB_NUMBER_MESSAGE = 'Enter a number, 0 or more.';
export const CLUB_URL_MESSAGE = HTTP_URL_MESSAGE;
export const CLUB_TEXT_MESSAGE = 'This field cannot be empty.';
export const CLUB_FOUNDED_MESSAGE = `Enter a year from ${FOUNDED_MIN} to ${FOUNDED_MAX}.`;

/** The fields of a club an edit may change (the edit schema's keys). */
export const CLUB_EDIT_FIELDS = [
  'city',
  'region',
  'image_url',
  'training',
  'practice_end',
  'avg_practice_size',
  'desc',
  'members_count',
  'out_of_state',
  'founded',
  'facebook',
  'instagram',
  'medals_this_year',
  'supermatches_hosted',
  'supermatches_upcoming',
] as const satisfies readonly (keyof ClubEdit)[];

/** Where the club sheet is read (a CSV; the server relays the configured sheet or builds one). */
export const CLUB_SHEET_PATH = '/sheets/clubs.csv';
export const CLUBS_JSON_PATH = '/clubs.json';

/** A club sheet read: each column's header (a club name) and the names beneath it. */
export interface ClubSheetColumn {
  club: string;
  members: string[];
}

/**
 * The club sheet's rows (as papaparse gives them, header row first) as clubs
 * and members: headers are clubs, names trimmed, blank cells dropped, a name
 * repeated in one column kept once, columns with a blank header skipped.
 */
export function readClubSheet(rows: readonly (readonly string[])[]): ClubSheetColumn[] {
  const [header = [], ...body] = rows;
  const columns: ClubSheetColumn[] = [];
  header.forEach((raw, col) => {
    const club = (raw ?? '').trim();
    if (!club) return;
    const seen = new Set<string>();
    const members: string[] = [];
    for (const row of body) {
      const name = (row[col] ?? '').trim().replace(/\s+/g, ' ');
      if (!name || seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      members.push(name);
    }
    const same = columns.find((c) => c.club.toLowerCase() === club.toLowerCase());
    if (!same) {
      columns.push({ club, members });
      return;
    }
    // A club headed twice: one column of both, each name once.
    for (const m of members) {
      if (!same.members.some((x) => x.toLowerCase() === m.toLowerCase())) same.members.push(m);
    }
  });
  return columns;
}
