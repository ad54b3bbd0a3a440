/**
 * IndexedDB databases and stores, and the service worker's caches: one place for the names the app and the
 * worker share. The strings never change without a migration: devices already hold data under them.
 */
export const IDB = {
  /** The outbox: submissions waiting to be sent, written by the page and flushed by page or worker. */
  outbox: { database: 'aw-outbox', store: 'entries' },
  /** The React Query cache, so every screen seen once opens again offline. */
  queryCache: { database: 'aw-query-cache', store: 'cache' },
  /** A table device: its table link's key, who it is (tournament, table), the marks of the match now pulling. */
  tableDevice: { database: 'aw-table', store: 'device' },
} as const;

export const CACHE_NAMES = {
  /** Public API reads, stale-while-revalidate. */
  api: 'aw-api-v1',
  /** Uploaded event pictures, cache-first (a name is never reused). */
  uploads: 'aw-uploads-v1',
  /** Built chunks left out of the precache (the chart, staff screens), cache-first once used (hashed names). */
  lazyAssets: 'aw-lazy-assets-v1',
  /** The app's page as the server last made it (with the association's name), for navigations offline. */
  pages: 'aw-pages-v1',
} as const;
