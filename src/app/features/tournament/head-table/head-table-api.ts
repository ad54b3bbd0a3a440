import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CategoryCreate,
  categoryTableSchema,
  EntryCreate,
} from '../../../../shared/tournament-contract/category.ts';
import type { conflictListSchema, correctionSchema } from '../../../../shared/tournament-contract/match.ts';
import type {
  CorrectionAnswer,
  TournamentCreate,
  TournamentSummary,
} from '../../../../shared/tournament-contract/tournament.ts';
import type { TableLink, TableOverview } from '../../../../shared/tournament-contract/table.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.ts';

type ConflictList = z.infer<typeof conflictListSchema>;
type CategoryTable = z.infer<typeof categoryTableSchema>;
export type Correction = z.infer<typeof correctionSchema>;

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

// ---- Part 2: tables, their links, the overview, conflicts and corrections ------------------------------------

/** The head table's own reads: admin data, so under 'admin' (never persisted on the device, see pwa/persist.ts). */
export const headTableKeys = {
  tournament: (id: number) => ['admin', 'tournaments', id] as const,
  tables: (id: number) => [...headTableKeys.tournament(id), 'tables'] as const,
  conflicts: (id: number) => [...headTableKeys.tournament(id), 'conflicts'] as const,
};

export const tableOverviewQuery = (id: number) =>
  queryOptions({
    queryKey: headTableKeys.tables(id),
    queryFn: () => apiGet<TableOverview>(`${BASE}/${id}/tables`, { ...auth, fresh: true }),
  });

export const conflictsQuery = (id: number) =>
  queryOptions({
    queryKey: headTableKeys.conflicts(id),
    queryFn: async () => (await apiGet<ConflictList>(`${BASE}/${id}/conflicts`, { ...auth, fresh: true })).conflicts,
  });

/** Puts a category at a table (null: at none); it can be moved while it runs. */
export const assignTable = (id: number, categoryId: number, body: CategoryTable) =>
  apiPut<unknown>(`${BASE}/${id}/categories/${categoryId}`, body, auth);
/** A new link for a table's device: its secret is in the url, shown this once (the server keeps only a hash). */
export const createTableLink = (id: number, table: number) =>
  apiPost<TableLink>(`${BASE}/${id}/tables/${table}/link`, {}, auth);
/** Every link of the table stops working: its devices can record nothing more. */
export const revokeTableLinks = (id: number, table: number) =>
  apiDelete<unknown>(`${BASE}/${id}/tables/${table}/link`, auth);
/** Keeps the result in force and sets the other one aside for good. */
export const dismissConflict = (id: number, conflictId: number) =>
  apiDelete<unknown>(`${BASE}/${id}/conflicts/${conflictId}`, auth);
/** A new result for a recorded match; with `dry_run` nothing changes and the answer says what would. */
export const correctMatch = (id: number, matchId: number, body: Correction) =>
  apiPost<CorrectionAnswer>(`${BASE}/${id}/matches/${matchId}/correction`, body, auth);
