import type { TableDevice, TableStatus } from '../../../../shared/tournament-contract/table.ts';
import type { QueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api.ts';
import { tableSearch } from '../../../route-search.ts';

/**
 * A table device's own calls, each with its key (`Authorization: Table {key}`): who the key is, what its outbox
 * holds (for the head table's overview), and undoing a delivered result. Results themselves go through the
 * outbox (outbox/submit.ts, recordTableResult). Answers are typed, not parsed with zod: the table screen is a
 * small chunk without the schemas.
 */
export const readTableDevice = (key: string) => apiGet<TableDevice>('/table', { table: key, fresh: true });

/** The read the table route's loader started for a link's key, waiting for the screen to take it. */
let early: { key: string; read: Promise<TableDevice> } | undefined;

/**
 * The table route's loader (router.tsx): opened by a link, it asks who the key is while the screen's chunks come,
 * and for the tournament as soon as that answers, so on a hall's slow connection the screen's first draw waits for
 * neither. Unlike other routes' queries these do not wait for the first frame or the saved cache
 * (lib/query-client.ts): a device new to its link has nothing saved to show, and the table's call queue is what
 * the volunteer opened the link for. A device that already kept its key (no key in the address) starts from what
 * it kept, in the screen.
 */
export function startTableReads({
  context: { queryClient },
  location,
  preload,
}: {
  context: { queryClient: QueryClient };
  location: { search: object };
  preload: boolean;
}): void {
  const { key } = tableSearch(location.search as Record<string, unknown>);
  if (!key || preload) return;
  const read = readTableDevice(key);
  early = { key, read };
  // The tournament's query comes in with the answer, not before the request: this chunk then asks who the key is
  // as soon as it has run, a round trip earlier on a slow connection than after a chunk of its own.
  read
    .then(async (device) => {
      const { tournamentQuery } = await import('../common/tournament-api.ts');
      return queryClient.ensureQueryData(tournamentQuery(device.tournament_id));
    })
    .catch(() => undefined);
}

/** The screen's read of who the key is: the loader's, if it asked for this key, else a new one. Taken once. */
export function takeTableDevice(key: string): Promise<TableDevice> {
  const read = early?.key === key ? early.read : readTableDevice(key);
  early = undefined;
  return read;
}

export const reportTableStatus = (key: string, status: TableStatus) =>
  apiPost<unknown>('/table/status', status, { table: key });

export const undoTableResult = (key: string, tournamentId: number, matchId: number) =>
  apiDelete<unknown>(`/tournaments/${tournamentId}/matches/${matchId}/result`, { table: key });
