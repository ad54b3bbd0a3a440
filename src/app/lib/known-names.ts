import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Leaderboard } from '../../shared/rankings.ts';
import { uniqueNames } from '../ui/athlete-suggestions.ts';
import { leaderboardQuery } from './leaderboard-api.ts';

/**
 * The names the athlete select offers (spec part 1 §7: GET /api/v1/known-names,
 * no auth, failure gives an empty list, silently), merged with everyone on the
 * leaderboards already in the query cache, so the suggestions still work
 * offline or while the endpoint is down.
 */

export async function fetchKnownNames(): Promise<string[]> {
  try {
    const res = await fetch(`/api/v1/known-names?t=${Date.now()}`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return [];
    const body = (await res.json()) as { names?: unknown } | null;
    return Array.isArray(body?.names) ? body.names.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

export const knownNamesQuery = queryOptions({
  queryKey: ['known-names'],
  queryFn: fetchKnownNames,
  staleTime: 5 * 60_000,
  retry: 0,
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
