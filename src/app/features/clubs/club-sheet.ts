import { queryOptions, useQuery } from '@tanstack/react-query';
import Papa from 'papaparse';
import { CLUB_SHEET_PATH, readClubSheet } from '../../../shared/club-rules.ts';
import { type Club } from '../../../shared/clubs.ts';
import { clubKeys } from './club-keys.ts';
import { getFile } from '../../lib/api.ts';

/**
 * The club sheet (GET /sheets/clubs.csv, parsed with papaparse), whose columns
 * name each club's members. Only a club's modal reads it, so papaparse comes
 * with the modal's code, not with the list. A failed read is silent: the
 * members /clubs.json carries are shown instead.
 */

/** Members by club name (lower-cased), from the sheet's text. */
export function parseClubSheet(csv: string): Record<string, string[]> {
  const rows = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data;
  return Object.fromEntries(readClubSheet(rows).map((c) => [c.club.toLowerCase(), c.members]));
}

export const clubSheetQuery = () =>
  queryOptions({
    queryKey: clubKeys.sheet(),
    queryFn: async () => parseClubSheet(await getFile<string>(CLUB_SHEET_PATH, 'text', { fresh: true })),
  });

/** A club's members: the sheet's column for it when the sheet was read, else the list's own copy. */
export function membersOf(club: Club, sheet: Record<string, string[]> | undefined): string[] {
  return sheet?.[club.name.trim().toLowerCase()] ?? club.members;
}

export function useClubMembers(club: Club): string[] {
  const { data } = useQuery(clubSheetQuery());
  return membersOf(club, data);
}
