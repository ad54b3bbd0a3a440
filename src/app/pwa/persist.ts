import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { IDB } from '../../shared/storage-names.ts';

/**
 * The React Query cache, kept in IndexedDB so every screen seen once opens
 * again offline, also after the browser was closed. Only successful queries
 * are kept; a new build (buster) starts afresh; nothing older than 30 days.
 * The admin screen's queries (keys under 'admin') are never kept: they hold
 * submitters' IP addresses and e-mails, which must not outlive the session on
 * a shared device.
 * Writes are coalesced: the leaderboards are large and change rarely.
 */
export const PERSIST_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

const store = createStore(IDB.queryCache.database, IDB.queryCache.store);
const KEY = 'client';

function idbPersister(): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  const flush = () => {
    timer = undefined;
    if (latest) void set(KEY, latest, store).catch(() => undefined);
  };
  // Leaving the page writes at once, so a quick close keeps what was just seen.
  addEventListener('pagehide', flush);
  return {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(flush, 1000);
    },
    restoreClient: () => get<PersistedClient>(KEY, store),
    removeClient: () => del(KEY, store),
  };
}

/** Restores the saved cache into the client (resolves when done) and keeps saving it. */
export async function persistQueries(queryClient: QueryClient): Promise<void> {
  const [, restored] = persistQueryClient({
    queryClient,
    persister: idbPersister(),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: __BUILD_ID__,
    dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.status === 'success' && q.queryKey[0] !== 'admin' },
  });
  // A broken or blocked IndexedDB only means nothing was saved: the app still starts.
  await restored.catch(() => undefined);
}
