import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { clear, createStore, delMany, entries, set } from 'idb-keyval';
import { IDB } from '../../shared/storage-names.ts';
import { jsonText, parseJson } from '../lib/json-text.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';

/**
 * The React Query cache, kept in IndexedDB so every screen seen once opens
 * again offline, also after the browser was closed. Every query that holds
 * data is kept, also when its last refresh failed: at a gym where the server
 * is out of reach, a failed refresh must not wipe the copy the screen shows
 * (it did while only successful queries were kept: the next reload offline
 * had nothing). A new build (buster) starts afresh; nothing older than 30 days.
 * The admin screen's queries (keys under 'admin') are never kept: they hold
 * submitters' IP addresses and e-mails, which must not outlive the session on
 * a shared device.
 * Writes are coalesced, and only what changed is written (see idbPersister).
 */
export const PERSIST_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

const store = createStore(IDB.queryCache.database, IDB.queryCache.store);
/** The buster and timestamp of the saved cache; every query is an entry of its own under QUERY_PREFIX + its hash. */
const META_KEY = 'meta';
export const QUERY_PREFIX = 'query:';

type Meta = Pick<PersistedClient, 'buster' | 'timestamp'>;
type SavedQuery = PersistedClient['clientState']['queries'][number];
/** A saved query: itself without its data, and its data, both as JSON text. */
interface Entry {
  query: string;
  data: string;
}

/** Saved as a success: the data is what the server last said; a refresh's failure belongs to that visit only. */
const toEntry = (q: SavedQuery): Entry => ({
  query: JSON.stringify({
    ...q,
    state: { ...q.state, data: null, status: 'success', error: null, fetchFailureReason: null },
  }),
  data: jsonText(q.state.data ?? null),
});

/**
 * A saved answer comes back marked as to be checked again: it shows at once,
 * and the first screen that uses it asks the server, however fresh it was when
 * saved. Otherwise a reload within a query's staleTime would keep showing what
 * was saved (a board from before a result was approved) without asking.
 */
function fromEntry(entry: Entry): SavedQuery {
  const q = JSON.parse(entry.query) as SavedQuery;
  return { ...q, state: { ...q.state, data: parseJson(entry.data), isInvalidated: true } };
}

/**
 * One IndexedDB entry per query, and only the queries whose data changed are
 * written: a refetch that brings the same leaderboard keeps the same object
 * (React Query's structural sharing), so nothing is copied again. Writing the
 * whole cache (a megabyte with the medals) at every change was the largest
 * task of the home screen's start on a phone. Each entry holds two strings,
 * written in a task of its own: the query without its data, and the data as
 * the JSON text it was parsed from (lib/json-text.ts). Copying a string costs
 * IndexedDB next to nothing; copying the object took longer than parsing it.
 */
function idbPersister(): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  /** The data each saved entry holds, by query hash, as last written or read back. */
  const saved = new Map<string, unknown>();
  const flush = (leaving = false) => {
    timer = undefined;
    const client = latest;
    latest = undefined;
    if (client) enqueue(client);
    pump(leaving);
  };
  const enqueue = (client: PersistedClient) => {
    const queries = client.clientState.queries;
    const changed = queries.filter((q) => !saved.has(q.queryHash) || saved.get(q.queryHash) !== q.state.data);
    const kept = new Set(queries.map((q) => q.queryHash));
    const gone = [...saved.keys()].filter((hash) => !kept.has(hash));
    changed.forEach((q) => saved.set(q.queryHash, q.state.data));
    gone.forEach((hash) => saved.delete(hash));
    const meta: Meta = { buster: client.buster, timestamp: client.timestamp };
    // The meta entry first: a restore needs it, and the queries written after it are each valid alone.
    queue.push(
      () => set(META_KEY, meta, store).then(() => writeStorage(STORAGE_KEYS.savedQueryCache, meta.buster)),
      ...changed.map((q) => () => set(QUERY_PREFIX + q.queryHash, toEntry(q), store)),
    );
    if (gone.length)
      queue.push(() =>
        delMany(
          gone.map((hash) => QUERY_PREFIX + hash),
          store,
        ),
      );
  };
  /** Writes waiting for their task; leaving the page writes all that waits at once, so nothing seen is lost. */
  const queue: (() => Promise<void>)[] = [];
  let pumping = false;
  const pump = (leaving: boolean) => {
    if (leaving) {
      queue.splice(0).forEach((write) => void write().catch(() => undefined));
      return;
    }
    if (pumping) return;
    const next = () => {
      const write = queue.shift();
      pumping = !!write;
      if (!write) return;
      void write().catch(() => undefined);
      setTimeout(next, 0);
    };
    next();
  };
  addEventListener('pagehide', () => flush(true));
  return {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(flush, 1000);
    },
    restoreClient: async () => {
      const all = await entries<IDBValidKey, unknown>(store);
      const meta = all.find(([key]) => key === META_KEY)?.[1] as Meta | undefined;
      if (!meta) return undefined;
      const queries = all
        .filter(([key]) => typeof key === 'string' && key.startsWith(QUERY_PREFIX))
        .map(([, value]) => fromEntry(value as Entry));
      queries.forEach((q) => saved.set(q.queryHash, q.state.data));
      return { ...meta, clientState: { queries, mutations: [] } };
    },
    removeClient: async () => {
      saved.clear();
      writeStorage(STORAGE_KEYS.savedQueryCache, '');
      await clear(store);
    },
  };
}

/**
 * Whether this device holds a saved cache of this build: only then is it worth waiting for it to be read back.
 * On a first visit, or after a new build (whose start drops the old cache), there is nothing to wait for.
 */
export function hasSavedCache(): boolean {
  return readStorage(STORAGE_KEYS.savedQueryCache) === __BUILD_ID__;
}

/** Restores the saved cache into the client (resolves when done) and keeps saving it. */
export async function persistQueries(queryClient: QueryClient): Promise<void> {
  const [, restored] = persistQueryClient({
    queryClient,
    persister: idbPersister(),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: __BUILD_ID__,
    dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.data !== undefined && q.queryKey[0] !== 'admin' },
  });
  // A broken or blocked IndexedDB only means nothing was saved: the app still starts.
  await restored.catch(() => undefined);
}
