import { OUTBOX_KINDS } from '../../shared/outbox-kinds.ts';
import { flushOutbox } from '../../shared/outbox/sender.ts';
import { pruneSent } from '../../shared/outbox/store.ts';
import { getAccessToken } from '../auth/session.ts';
import { onBackOnline } from '../pwa/connectivity.ts';

/**
 * When the page sends what is waiting: at start, when the browser comes back
 * online or the server answers again, every 30 s while the app is open, when the app returns to the
 * foreground, and right after a submit. Browsers without Background Sync
 * (Safari, Firefox) rely on these alone.
 */
export const FLUSH_INTERVAL_MS = 30_000;

export async function flushNow(opts: { wait?: boolean; dueNow?: boolean } = {}): Promise<void> {
  try {
    await flushOutbox({ kinds: OUTBOX_KINDS, getToken: getAccessToken }, opts);
  } catch {
    // IndexedDB unavailable: nothing was queued either.
  }
}

export function startOutboxTriggers(): void {
  void pruneSent(Date.now()).catch(() => undefined);
  // A start tries each waiting entry once, whatever its backoff: the backoff keeps a device from retrying in a
  // loop, and a start is no loop. The connection may have come back while this page was away or loading, when no
  // trigger below was listening yet.
  void flushNow({ dueNow: true });
  // The browser is back online, or the server answers again (also when the browser never went offline):
  // what waits goes now, whatever its backoff.
  addEventListener('online', () => void flushNow({ dueNow: true }));
  onBackOnline(() => void flushNow({ dueNow: true }));
  setInterval(() => void flushNow(), FLUSH_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushNow();
  });
}
