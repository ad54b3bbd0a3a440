import { readJson, writeStorage } from './storage.ts';

/**
 * Spec part 1 §2: the events route's `id` and `event` query values are
 * remembered as a pending event, for the event details to open once the
 * events have loaded (even when they load later, offline or after sign-in).
 */
const KEY = 'aw.pendingEvent';

export type PendingEvent = { id: number } | { name: string };

export function rememberPendingEvent(search: { id?: number | undefined; event?: string | undefined }): void {
  if (search.id !== undefined) writeStorage(KEY, JSON.stringify({ id: search.id }));
  else if (search.event) writeStorage(KEY, JSON.stringify({ name: search.event }));
}

export function readPendingEvent(): PendingEvent | null {
  return readJson<PendingEvent | null>(KEY, null);
}

export function clearPendingEvent(): void {
  writeStorage(KEY, 'null');
}
