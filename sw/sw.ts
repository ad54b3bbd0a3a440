/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_KINDS } from '../src/shared/outbox-kinds.ts';
import { OUTBOX_SYNC_TAG } from '../src/shared/outbox/entry.ts';
import { flushOutbox } from '../src/shared/outbox/sender.ts';
import { CACHE_NAMES } from '../src/shared/storage-names.ts';
import { apiCachePlugin, type WorkerMessage } from './api-cache.ts';
import { appPage } from './app-page.ts';

/**
 * The service worker: the app shell, fallback.json and the icons precached (not the chart and the staff
 * screens: those are cached when first used);
 * every navigation answered with the server's page, or offline with the one kept (app-page.ts); the public API
 * reads stale-while-revalidate; uploaded pictures cache-first; the outbox flushed by Background Sync where
 * the browser has it. It waits for the page's word (SKIP_WAITING) before
 * taking over, so an update never reloads a page by itself.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Navigations first: the precache's own route would otherwise answer `/` with the precached page (app-page.ts).
registerRoute(
  new NavigationRoute(appPage(CACHE_NAMES.pages), {
    // Sign-in pages, the silent-renew page and the API are never the app shell.
    denylist: [/^\/oidc(\/|$)/, /^\/api\//, /^\/silent-renew\.html/],
  }),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first worker takes charge of the open page at once, so it works offline from the first visit.
// An update activates only after the page's SKIP_WAITING, and that page reloads right after.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function post(message: WorkerMessage) {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

// The tournaments' list and each tournament's brackets (not its live stream, nor the admin routes), the
// association's profile (its name, classes and unit), and how well the ratings predict (the ratings page).
const READS =
  /^\/api\/v1\/(leaderboard|events|athletes|known-names|supermatches|head-to-head|tournaments|association|ratings\/calibration)$/;
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && READS.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: CACHE_NAMES.api, plugins: [apiCachePlugin((m) => void post(m))] }),
);

// A tournament's brackets change by the minute on its day and the pages follow its live stream: an old copy
// first would show a match already pulled again (a table device would offer it once more). So the network
// answers first, and the copy only when there is none within a few seconds (offline, with its age).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && /^\/api\/v1\/tournaments\/\d+$/.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    networkTimeoutSeconds: 4,
    plugins: [apiCachePlugin((m) => void post(m), { announceUpdates: false })],
  }),
);

// The clubs and the club sheet sit beside the API (the paths the app reads): kept the same way, so a
// clubs page and its members seen once open offline.
const CLUB_READS = /^\/(clubs\.json|sheets\/clubs\.csv)$/;
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && CLUB_READS.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: CACHE_NAMES.api, plugins: [apiCachePlugin((m) => void post(m))] }),
);

// Uploaded pictures (events, athletes), the demo's drawn portraits and the association's logo icons (their address
// carries their version): a name is never reused, so a picture seen once is kept and shown offline (a supermatch
// card seen once keeps its faces, the top bar its logo).
const PICTURES = /^\/(uploads|portraits|api\/v1\/association\/icons)\//;
const pictures = new CacheFirst({
  cacheName: CACHE_NAMES.uploads,
  plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && PICTURES.test(url.pathname),
  pictures,
);

// Built chunks the precache leaves out (the chart, the staff screens, the sign-in client: scripts/precache-plan.ts)
// are kept the first time they are used, so a chart seen once opens offline. A hashed name never changes its
// bytes, so the copy is never checked again; precached files never reach this route (their route comes first).
const LAZY_ASSETS = /^\/assets\/[^/]+\.(js|css)$/;
const lazyAssets = new CacheFirst({
  cacheName: CACHE_NAMES.lazyAssets,
  // Room for every lazy chunk of a build or two; the oldest unused ones go first.
  plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && LAZY_ASSETS.test(url.pathname),
  lazyAssets,
);

/**
 * On a first visit the page loads its chunks and pictures before this worker takes charge of it, so they never
 * pass through the routes above: a table device opened once by its link, then reloaded with no signal, would find
 * its screen's chunk missing, and the home screen's featured supermatch its faces. The page lists what it loaded
 * (KEEP_ASSETS) and the worker keeps the chunks not precached and the pictures.
 */
async function keepAssets(event: ExtendableMessageEvent, urls: unknown[]): Promise<void> {
  for (const raw of urls) {
    if (typeof raw !== 'string') continue;
    const url = new URL(raw, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    const keep = LAZY_ASSETS.test(url.pathname) ? lazyAssets : PICTURES.test(url.pathname) ? pictures : undefined;
    if (!keep || (await matchPrecache(url.pathname))) continue;
    await keep.handle({ event, request: new Request(url.href) }).catch(() => undefined);
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP_ASSETS' && Array.isArray(data.urls)) event.waitUntil(keepAssets(event, data.urls));
});

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    // The worker cannot read the signed-in user's token: those entries wait for a page. Anonymous entries and
    // entries that carry their own authorization (a table device's key) it sends itself.
    flushOutbox({ kinds: OUTBOX_KINDS, getToken: async () => null }, { only: (e) => !e.auth }).then((r) => {
      // Rejecting asks the browser to fire the sync again later, with its own backoff.
      if (r.retryLater && !r.skipped) throw new Error('Some submissions are still waiting to be sent.');
    }),
  );
}) as EventListener);
