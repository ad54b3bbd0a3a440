import { STORAGE_KEYS } from './storage-keys.ts';
import { writeStorage } from './storage.ts';

/**
 * The events route's `id` and `event` query values are remembered as a
 * pending event, for the event details to open once the events have loaded
 * (even when they load later, offline or after sign-in).
 */
const KEY = STORAGE_KEYS.pendingEvent;

export function rememberPendingEvent(search: { id?: number | undefined; event?: string | undefined }): void {
  if (search.id !== undefined) writeStorage(KEY, JSON.stringify({ id: search.id }));
  else if (search.event) writeStorage(KEY, JSON.stringify({ name: search.event }));
}

export function clearPendingEvent(): void {
  writeStorage(KEY, 'null');
}
