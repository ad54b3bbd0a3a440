import { QueryClient } from '@tanstack/react-query';
import { createSignal } from './signal.ts';

/**
 * The app's QueryClient, with what every query does unless it says otherwise: an answer is fresh for a minute,
 * a failed read is not tried again at once (the reads have their own fallback, and the worker its own cache),
 * and the data is asked for again when the tab comes back into focus.
 *
 * Queries are never dropped from memory while the tab lives: a dropped query is also deleted from the saved
 * cache, and a screen left behind must still open offline. (Not 30 days in ms either: a timer longer than
 * 2^31 - 1 ms fires at once in browsers, which dropped every query the moment nothing showed it.)
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 0, refetchOnWindowFocus: true, gcTime: Infinity } },
  });
}

/**
 * Whether queries may go yet. They wait while the saved cache is read back (a second visit shows what was saved
 * before any network answer), or on a first visit for the first frame (main.tsx, RestoreGate); a route loader's
 * queries wait with them.
 */
const mayGo = createSignal(false);

export function letQueriesGo(): void {
  mayGo.set(true);
}

/** Runs `run` once queries may go (at once when they already may). */
export function whenQueriesMayGo(run: () => void): void {
  if (mayGo.get()) return run();
  const stop = mayGo.subscribe(() => {
    stop();
    run();
  });
}
