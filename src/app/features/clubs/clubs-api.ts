import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLUBS_JSON_PATH, compareClubs } from '../../../shared/club-rules.ts';
import type { Club } from '../../../shared/clubs.ts';
import { getFile } from '../../lib/api.ts';
import { readWithFallback } from '../../lib/read-with-fallback.ts';
import { clubKeys } from './club-keys.ts';

export { clubKeys };

/**
 * The clubs: GET /clubs.json (when it fails, /fallback.json's `clubs`, read
 * like the events: lib/read-with-fallback.ts). The club sheet, which names
 * each club's members, is read by the club's modal (club-sheet.ts). Checked
 * by hand, not with zod, like the events and the supermatch cards: this file
 * is on the clubs page's path, the schemas are not.
 */
export interface ClubsData {
  clubs: Club[];
  /** True when the list came from fallback.json. */
  fallback: boolean;
}

const LISTS = ['leaders', 'training', 'members'] as const;
const OBJECTS = ['talent_metric', 'talent_counts'];
const isText = (v: unknown) => typeof v === 'string';

/**
 * A club as the page uses it: an id and a name, its lists of names and lines, its talent metric, and every
 * other field something the page can show as text (a string, a number, true or false, or nothing).
 */
function isClub(raw: unknown): raw is Club {
  const r = raw as Record<string, unknown> | null;
  if (!r || typeof r !== 'object' || !Number.isInteger(r.id) || !isText(r.name)) return false;
  if (!LISTS.every((key) => Array.isArray(r[key]) && (r[key] as unknown[]).every(isText))) return false;
  const metric = r.talent_metric as Record<string, unknown> | null;
  if (!metric || typeof metric !== 'object' || !isText(metric.label) || typeof metric.count !== 'number') return false;
  return Object.entries(r).every(
    ([key, v]) =>
      (LISTS as readonly string[]).includes(key) ||
      OBJECTS.includes(key) ||
      v === null ||
      ['string', 'number', 'boolean'].includes(typeof v),
  );
}

/** The clubs of an answer (a list, or a block holding `clubs`), each checked; odd entries are dropped. Sorted. */
export function clubsFrom(body: unknown): Club[] {
  const list = Array.isArray(body) ? body : (body as { clubs?: unknown } | null)?.clubs;
  return Array.isArray(list) ? list.filter(isClub).sort(compareClubs) : [];
}

function fromFallback(file: unknown): Club[] {
  if (file === null) throw new Error('Failed to load fallback');
  return clubsFrom((file as { clubs?: unknown }).clubs);
}

export async function fetchClubs(onScreen?: ClubsData): Promise<ClubsData> {
  const { data, fallback } = await readWithFallback(
    async () => {
      const body = await getFile(CLUBS_JSON_PATH, 'json', { fresh: true });
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
  });

export function useClubs() {
  return useQuery(clubsQuery());
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
