import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLUBS_JSON_PATH,
  clubEditResponseSchema,
  clubSchema,
  compareClubs,
  type Club,
  type ClubEdit,
} from '../../../shared/clubs.ts';
import { apiPut, NetworkError, responseError } from '../../lib/api.ts';
import { readWithFallback } from '../../lib/read-with-fallback.ts';
import { clubKeys } from './club-keys.ts';

export { clubKeys };

/**
 * The clubs: GET /clubs.json (when it fails, /fallback.json's `clubs`, read
 * like the events: lib/read-with-fallback.ts). The club sheet, which names
 * each club's members, is read by the club's modal (club-sheet.ts).
 */
export interface ClubsData {
  clubs: Club[];
  /** True when the list came from fallback.json. */
  fallback: boolean;
}

/** A public file beside the API (not under /api/v1), read past the HTTP cache; the worker keeps copies. */
export async function readPublic(path: string, as: 'json' | 'text'): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      cache: 'no-store',
      headers: { Accept: as === 'json' ? 'application/json' : 'text/csv' },
    });
  } catch {
    throw new NetworkError('No connection to the server.');
  }
  if (!res.ok) throw responseError(res.status, await res.json().catch(() => null));
  return as === 'json' ? res.json() : res.text();
}

/** The clubs of an answer (a list, or a block holding `clubs`), each checked; odd entries are dropped. Sorted. */
export function clubsFrom(body: unknown): Club[] {
  const list = Array.isArray(body) ? body : (body as { clubs?: unknown } | null)?.clubs;
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((raw) => {
      const parsed = clubSchema.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    })
    .sort(compareClubs);
}

function fromFallback(file: unknown): Club[] {
  if (file === null) throw new Error('Failed to load fallback');
  return clubsFrom((file as { clubs?: unknown }).clubs);
}

export async function fetchClubs(onScreen?: ClubsData): Promise<ClubsData> {
  const { data, fallback } = await readWithFallback(
    async () => {
      const body = await readPublic(CLUBS_JSON_PATH, 'json');
      if (!Array.isArray(body)) throw new Error('Unexpected clubs answer.');
      return clubsFrom(body);
    },
    fromFallback,
    onScreen,
  );
  return { clubs: data, fallback };
}

export const clubsQuery = () =>
  queryOptions({
    queryKey: clubKeys.list(),
    queryFn: ({ client, queryKey }) => fetchClubs(client.getQueryData<ClubsData>(queryKey)),
    staleTime: 60_000,
    retry: 0,
  });

export function useClubs() {
  return useQuery(clubsQuery());
}

/** PUT /api/v1/clubs/{id} (a club's leader or an admin): the club as the server now has it. */
export async function saveClub(id: number, edit: ClubEdit): Promise<Club> {
  const body = await apiPut<unknown>(`/clubs/${id}`, edit, { auth: true });
  return clubEditResponseSchema.parse(body).club;
}

/** After a save: the list shows the saved club at once (kept in order), then asks the server again. */
export function useClubSaved() {
  const client = useQueryClient();
  return (club: Club) => {
    client.setQueryData<ClubsData>(clubKeys.list(), (old) =>
      old ? { ...old, clubs: old.clubs.map((c) => (c.id === club.id ? club : c)).sort(compareClubs) } : old,
    );
    void client.invalidateQueries({ queryKey: clubKeys.list() });
  };
}
