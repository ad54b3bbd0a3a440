import { queryOptions } from '@tanstack/react-query';
import type { HeadToHead } from '../../../shared/answers/head-to-head.ts';
import type { Hand } from '../../../shared/rankings.ts';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import { apiGet, NetworkError } from '../../lib/api.ts';
import { readFallbackFile, readWithFallback } from '../../lib/read-with-fallback.ts';
import { isPast } from './card-rules.ts';
import { supermatchKeys } from './supermatch-keys.ts';

export { supermatchKeys };

/**
 * The cards: GET /api/v1/supermatches, and /fallback.json's `supermatches`
 * when the API fails (read like the events, lib/read-with-fallback.ts). The
 * page reads the whole list and filters by event itself, so one stored answer
 * serves every ?event= offline. Checked by hand, not with zod, to keep the
 * schemas off this path.
 */
export interface SupermatchesData {
  cards: SupermatchCard[];
  /** True when the list came from fallback.json. */
  fallback: boolean;
}

const isCard = (c: unknown): c is SupermatchCard => {
  const r = c as Record<string, unknown> | null;
  return (
    !!r && typeof r.id === 'string' && typeof r.a === 'string' && typeof r.b === 'string' && typeof r.date === 'string'
  );
};

/** The cards of an API answer or of the fallback file's block (`{ cards }` or the list itself). */
export function cardsFrom(body: unknown): SupermatchCard[] {
  const list = Array.isArray(body) ? body : (body as { cards?: unknown } | null)?.cards;
  return Array.isArray(list) ? list.filter(isCard) : [];
}

const fromFile = (file: unknown): SupermatchCard[] => {
  if (file === null) throw new Error('Failed to load fallback');
  return cardsFrom((file as { supermatches?: unknown }).supermatches);
};

export async function fetchSupermatches(onScreen?: SupermatchesData): Promise<SupermatchesData> {
  const { data, fallback } = await readWithFallback(
    async () => cardsFrom(await apiGet<unknown>('/supermatches', { fresh: true, note: true })),
    fromFile,
    onScreen,
  );
  return { cards: data, fallback };
}

export const supermatchesQuery = () =>
  queryOptions({
    queryKey: supermatchKeys.list(),
    queryFn: ({ client, queryKey }) => fetchSupermatches(client.getQueryData<SupermatchesData>(queryKey)),
  });

/**
 * The home screen's featured cards: GET /api/v1/supermatches?featured=true;
 * when the API fails, the featured upcoming cards of the fallback file. Quiet:
 * a missing featured card never marks the home screen under construction.
 */
export async function fetchFeatured(kept?: SupermatchCard[]): Promise<SupermatchCard[]> {
  try {
    return cardsFrom(await apiGet<unknown>('/supermatches?featured=true', { fresh: true, note: true }));
  } catch (err) {
    if (err instanceof NetworkError && kept) throw err;
    const file = await readFallbackFile();
    return file ? fromFile(file).filter((c) => c.featured && !isPast(c)) : [];
  }
}

export const featuredQuery = () =>
  queryOptions({
    queryKey: supermatchKeys.featured(),
    queryFn: ({ client, queryKey }) => fetchFeatured(client.getQueryData<SupermatchCard[]>(queryKey)),
  });

/** GET /api/v1/head-to-head for the card's two athletes on one hand. */
export const headToHeadQuery = (a: string, b: string, hand: Hand, bestOf: number) =>
  queryOptions({
    queryKey: supermatchKeys.headToHead(a, b, hand, bestOf),
    queryFn: () => {
      const q = new URLSearchParams({ a, b, hand, best_of: String(bestOf) });
      return apiGet<HeadToHead>(`/head-to-head?${q.toString()}`, { fresh: true, note: true });
    },
    staleTime: 5 * 60_000,
  });
