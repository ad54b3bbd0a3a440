import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Tournament, TournamentSummary } from '../../../../shared/tournament-contract/tournament.ts';
import { apiGet } from '../../../lib/api.ts';
import { tournamentKeys } from './tournament-keys.ts';

export { tournamentKeys };

/**
 * The public tournament reads: GET /api/v1/tournaments (newest first) and GET /api/v1/tournaments/{id} (the
 * categories, their brackets and placings, the club standings). In lib, not in a feature, because three
 * features read them: the brackets page, the event details (its link to the brackets) and the head table.
 * Fresh from the network (the service worker keeps the copy and answers offline), the answer's age noted like
 * the other public reads. Checked by hand, not with zod: the brackets page must stay free of the schemas.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The tournaments of an answer; entries that are not one are left out. */
export function tournamentsFrom(body: unknown): TournamentSummary[] {
  const list = isObject(body) ? body.tournaments : null;
  return Array.isArray(list)
    ? list.filter(
        (t): t is TournamentSummary =>
          isObject(t) && typeof t.id === 'number' && typeof t.name === 'string' && typeof t.event_id === 'number',
      )
    : [];
}

/** A tournament's details, or an error when the answer is not one (its categories and standings must be lists). */
export function tournamentFrom(body: unknown): Tournament {
  if (
    !isObject(body) ||
    typeof body.id !== 'number' ||
    typeof body.name !== 'string' ||
    !Array.isArray(body.categories) ||
    !Array.isArray(body.standings) ||
    !body.categories.every((c) => isObject(c) && Array.isArray(c.matches) && Array.isArray(c.entries))
  ) {
    throw new Error('Unexpected tournament answer.');
  }
  return body as unknown as Tournament;
}

export const tournamentsQuery = () =>
  queryOptions({
    queryKey: tournamentKeys.list(),
    queryFn: async () => tournamentsFrom(await apiGet<unknown>('/tournaments', { fresh: true, note: true })),
  });

export const tournamentQuery = (id: number) =>
  queryOptions({
    queryKey: tournamentKeys.detail(id),
    queryFn: async () => tournamentFrom(await apiGet<unknown>(`/tournaments/${id}`, { fresh: true, note: true })),
  });

/** After a change at the head table or a table: the tournament is read again, so the screen shows what the server has. */
export function useRefreshTournament(tournamentId: number): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
}
