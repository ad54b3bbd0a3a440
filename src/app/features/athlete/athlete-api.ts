import { queryOptions } from '@tanstack/react-query';
import type { AthleteDetails } from '../../../shared/rankings.ts';

/**
 * Spec part 1 §7: GET /api/v1/athletes?name=&sex=&t= (no-store), M tried
 * first then F. Failures are silent: the popup keeps the leaderboard's data.
 */
export async function fetchAthlete(name: string): Promise<AthleteDetails | null> {
  for (const sex of ['M', 'F'] as const) {
    try {
      const q = new URLSearchParams({ name, sex, t: String(Date.now()) });
      const res = await fetch(`/api/v1/athletes?${q.toString()}`, { cache: 'no-store' });
      if (res.ok) return (await res.json()) as AthleteDetails;
    } catch {
      // Offline or server down: try the other division, then give up quietly.
    }
  }
  return null;
}

export const athleteQuery = (name: string) =>
  queryOptions({ queryKey: ['athlete', name], queryFn: () => fetchAthlete(name), staleTime: 60_000, retry: 0 });
