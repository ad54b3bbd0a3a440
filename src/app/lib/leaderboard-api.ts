import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Units } from '../../shared/association.ts';
import type { Leaderboard } from '../../shared/rankings.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import { apiGet } from './api.ts';
import { readWithFallback } from './read-with-fallback.ts';

/**
 * GET /api/v1/leaderboard?sex=&t= (no-store), with /fallback.json's men and
 * women blocks (the same shape) behind it. If both fail the query errors and
 * the screen says so.
 */
export interface Fallback {
  men: Leaderboard;
  women: Leaderboard;
}

/** The unit of a board's classes: the association's, sent with the board; a board kept from before it was sent was in lbs. */
export const boardUnits = (board: Pick<Leaderboard, 'units'>): Units => board.units ?? 'lbs';

function looksLikeLeaderboard(value: unknown): value is Leaderboard {
  const v = value as Partial<Leaderboard> | null;
  return !!v && Array.isArray(v.classes) && Array.isArray(v.ranks?.LH) && Array.isArray(v.ranks?.RH);
}

async function fromApi(sex: Sex): Promise<Leaderboard> {
  const body = await apiGet<unknown>(`/leaderboard?sex=${sex}&t=${Date.now()}`, { fresh: true, note: true });
  if (!looksLikeLeaderboard(body)) throw new Error('Failed to load leaderboard');
  return body;
}

function fromFallback(sex: Sex, file: unknown): Leaderboard {
  const body = file as Partial<Fallback> | null;
  const block = sex === 'F' ? body?.women : body?.men;
  if (!looksLikeLeaderboard(block)) throw new Error('Failed to load fallback');
  return block;
}

export async function fetchLeaderboard(sex: Sex, onScreen?: Leaderboard): Promise<Leaderboard> {
  return (
    await readWithFallback(
      () => fromApi(sex),
      (file) => fromFallback(sex, file),
      onScreen,
    )
  ).data;
}

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  bySex: (sex: Sex) => [...leaderboardKeys.all, sex] as const,
};

export const leaderboardQuery = (sex: Sex) =>
  queryOptions({
    queryKey: leaderboardKeys.bySex(sex),
    queryFn: ({ client, queryKey }) => fetchLeaderboard(sex, client.getQueryData<Leaderboard>(queryKey)),
  });

export function useLeaderboard(sex: Sex) {
  return useQuery(leaderboardQuery(sex));
}
