import { queryOptions } from '@tanstack/react-query';
import type { AthleteDetails } from '../../shared/rankings.ts';
import { apiGet, NetworkError } from './api.ts';
import { athleteKeys } from './athlete-keys.ts';

export { athleteKeys };

/**
 * GET /api/v1/athletes?name=&sex=&t= (no-store), M tried first then F.
 * Failures are silent: the popup keeps the leaderboard's data. Out of reach of
 * the server, details already kept on this device stay.
 */
export async function fetchAthlete(name: string, kept?: AthleteDetails | null): Promise<AthleteDetails | null> {
  let unreachable = false;
  for (const sex of ['M', 'F'] as const) {
    try {
      const q = new URLSearchParams({ name, sex, t: String(Date.now()) });
      return await apiGet<AthleteDetails>(`/athletes?${q.toString()}`, { fresh: true, note: true });
    } catch (err) {
      // Offline or server down: try the other division, then give up quietly.
      if (err instanceof NetworkError) unreachable = true;
    }
  }
  if (unreachable && kept) throw new NetworkError('Keeping the stored details.');
  return null;
}

export const athleteQuery = (name: string) =>
  queryOptions({
    queryKey: athleteKeys.byName(name),
    queryFn: ({ client, queryKey }) => fetchAthlete(name, client.getQueryData<AthleteDetails | null>(queryKey)),
  });
