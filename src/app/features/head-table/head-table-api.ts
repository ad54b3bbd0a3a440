import type { CategoryCreate, EntryCreate, TournamentCreate, TournamentSummary } from '../../../shared/tournaments.ts';
import { apiDelete, apiPost, apiPut } from '../../lib/api.ts';

/**
 * The head table's calls (admins and developers, with the session's token): a tournament, its categories and
 * entries, weigh-ins, the draw, publishing. Each answer is followed by a fresh read of the tournament (the
 * public read the brackets page shows too), so the head table always shows what the server has. Results go
 * through the outbox instead (outbox/submit.ts, recordResultToOutbox).
 */
const BASE = '/admin/tournaments';
const auth = { auth: true } as const;

export const createTournament = (body: TournamentCreate) =>
  apiPost<TournamentSummary & { id: number }>(BASE, body, auth);
export const addCategory = (id: number, body: CategoryCreate) =>
  apiPost<{ id: number; name: string }>(`${BASE}/${id}/categories`, body, auth);
export const addEntry = (id: number, body: EntryCreate) => apiPost<{ id: number }>(`${BASE}/${id}/entries`, body, auth);
export const weighIn = (id: number, entryId: number, weight: number) =>
  apiPut<unknown>(`${BASE}/${id}/entries/${entryId}`, { weight }, auth);
export const removeEntry = (id: number, entryId: number) =>
  apiDelete<unknown>(`${BASE}/${id}/entries/${entryId}`, auth);
export const drawCategory = (id: number, categoryId: number, body: { method: 'lot' | 'rating'; seed?: number }) =>
  apiPost<unknown>(`${BASE}/${id}/categories/${categoryId}/draw`, body, auth);
export const publishCategory = (id: number, categoryId: number, publish: boolean) =>
  publish
    ? apiPost<unknown>(`${BASE}/${id}/categories/${categoryId}/publish`, {}, auth)
    : apiDelete<unknown>(`${BASE}/${id}/categories/${categoryId}/publish`, auth);
/** Takes back the last result of a match while nothing later depends on it. */
export const undoMatchResult = (id: number, matchId: number) =>
  apiDelete<unknown>(`/tournaments/${id}/matches/${matchId}/result`, auth);
