import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Leaderboard } from '../../shared/rankings.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import { apiRead, NetworkError } from '../pwa/api-read.ts';
import { setUnderConstruction } from './under-construction.ts';

/**
 * Spec part 1 §7: GET /api/v1/leaderboard?sex=&t= (no-store); when it fails,
 * under-construction mode and GET /fallback.json, whose men and women blocks
 * have the same shape. If that fails too the query errors and the screen says so.
 * Out of reach of the server with a leaderboard already on screen (restored
 * from this device), the query keeps it: being offline is not a backend failure.
 */
export interface Fallback {
  men: Leaderboard;
  women: Leaderboard;
}

function looksLikeLeaderboard(value: unknown): value is Leaderboard {
  const v = value as Partial<Leaderboard> | null;
  return !!v && Array.isArray(v.classes) && Array.isArray(v.ranks?.LH) && Array.isArray(v.ranks?.RH);
}

async function fromApi(sex: Sex): Promise<Leaderboard> {
  const res = await apiRead(`/api/v1/leaderboard?sex=${sex}&t=${Date.now()}`);
  const body: unknown = res.ok ? await res.json() : null;
  if (!looksLikeLeaderboard(body)) throw new Error('Failed to load leaderboard');
  return body;
}

async function fromFallback(sex: Sex): Promise<Leaderboard> {
  const res = await fetch('/fallback.json');
  const body = (res.ok ? await res.json() : null) as Partial<Fallback> | null;
  const block = sex === 'F' ? body?.women : body?.men;
  if (!looksLikeLeaderboard(block)) throw new Error('Failed to load fallback');
  return block;
}

export async function fetchLeaderboard(sex: Sex, onScreen?: Leaderboard): Promise<Leaderboard> {
  try {
    const board = await fromApi(sex);
    setUnderConstruction(false);
    return board;
  } catch (err) {
    if (err instanceof NetworkError && onScreen) throw err;
    setUnderConstruction(true);
    return fromFallback(sex);
  }
}

export const leaderboardQuery = (sex: Sex) =>
  queryOptions({
    queryKey: ['leaderboard', sex],
    queryFn: ({ client, queryKey }) => fetchLeaderboard(sex, client.getQueryData<Leaderboard>(queryKey)),
    staleTime: 60_000,
    retry: 0,
  });

export function useLeaderboard(sex: Sex) {
  return useQuery(leaderboardQuery(sex));
}
