import type { TableDevice, TableStatus } from '../../../shared/tournaments.ts';
import { apiDelete, apiGet, apiPost } from '../../lib/api.ts';

/**
 * A table device's own calls, each with its key (`Authorization: Table {key}`): who the key is, what its outbox
 * holds (for the head table's overview), and undoing a delivered result. Results themselves go through the
 * outbox (outbox/submit.ts, recordTableResult). Answers are typed, not parsed with zod: the table screen is a
 * small chunk without the schemas.
 */
export const readTableDevice = (key: string) => apiGet<TableDevice>('/table', { table: key, fresh: true });

export const reportTableStatus = (key: string, status: TableStatus) =>
  apiPost<unknown>('/table/status', status, { table: key });

export const undoTableResult = (key: string, tournamentId: number, matchId: number) =>
  apiDelete<unknown>(`/tournaments/${tournamentId}/matches/${matchId}/result`, { table: key });
