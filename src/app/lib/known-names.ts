import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Leaderboard } from '../../shared/rankings.ts';
import { uniqueNames } from '../ui/athlete-suggestions.ts';
import { apiGet } from './api.ts';
import { knownNamesKeys } from './known-names-keys.ts';
import { leaderboardQuery } from './leaderboard-api.ts';

export { knownNamesKeys };

/**
 * The names the athlete select offers (GET /api/v1/known-names, no auth; a
 * failure gives an empty list, silently), merged with everyone on the
 * leaderboards already in the query cache, so the suggestions still work
 * offline or while the endpoint is down.
 */

export async function fetchKnownNames(): Promise<string[]> {
  try {
    const body = await apiGet<{ names?: unknown } | null>(`/known-names?t=${Date.now()}`);
    return Array.isArray(body?.names) ? body.names.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

export const knownNamesQuery = queryOptions({
  queryKey: knownNamesKeys.all,
  queryFn: fetchKnownNames,
  staleTime: 5 * 60_000,
});

/** Everyone ranked on a board, either hand. */
export function boardNames(board: Leaderboard | undefined): string[] {
  if (!board) return [];
  return [...board.ranks.LH.map((r) => r.name), ...board.ranks.RH.map((r) => r.name)];
}

/** Known names plus the cached boards' names: deduplicated case-insensitively, alphabetical. */
export function mergeKnownNames(known: readonly string[], boards: readonly (Leaderboard | undefined)[]): string[] {
  return uniqueNames([...known, ...boards.flatMap(boardNames)]);
}

export function useKnownNames(): string[] {
  const known = useQuery(knownNamesQuery).data;
  // Only read what the cache holds: never start a leaderboard load for the suggestions.
  const men = useQuery({ ...leaderboardQuery('M'), enabled: false }).data;
  const women = useQuery({ ...leaderboardQuery('F'), enabled: false }).data;
  return useMemo(() => mergeKnownNames(known ?? [], [men, women]), [known, men, women]);
}
