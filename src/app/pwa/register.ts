import type { QueryClient } from '@tanstack/react-query';
import type { Workbox } from 'workbox-window';
import type { Sex } from '../../shared/weight-classes.ts';
import { athleteKeys } from '../lib/athlete-keys.ts';
import { eventKeys } from '../features/events/event-keys.ts';
import { clubKeys } from '../features/clubs/club-keys.ts';
import { supermatchKeys } from '../features/supermatches/supermatch-keys.ts';
import { knownNamesKeys } from '../lib/known-names-keys.ts';
import { leaderboardKeys } from '../lib/leaderboard-api.ts';
import { tournamentKeys } from '../lib/tournament-keys.ts';
import { createSignal } from '../lib/signal.ts';
import { setOnline } from './connectivity.ts';

/**
 * Registers the service worker once the first screen is up (workbox-window is
 * loaded then, not before) and offers updates: a new version waits until the
 * user presses Reload, so a page never reloads by itself while someone is
 * typing. What the worker says is heard from the start (listenToWorker). Updates are looked for every hour and
 * whenever the app comes back to the foreground.
 */
const updateWaiting = createSignal(false);
export const useUpdateWaiting = updateWaiting.use;

let workbox: Workbox | undefined;
/** Set when this tab pressed Reload: only then does taking over reload it. */
let reloadRequested = false;
let workerWaiting = false;

export const UPDATE_CHECK_MS = 60 * 60 * 1000;

type WorkerMessage = { type: 'api-updated'; path: string; search: string } | { type: 'network'; online: boolean };

/** Which queries an updated API answer feeds (the worker reports the path and query without `t`). */
function queryKeyFor(path: string, search: string): readonly unknown[] | null {
  const q = new URLSearchParams(search);
  if (path === '/api/v1/leaderboard') return leaderboardKeys.bySex(q.get('sex') as Sex);
  if (path === '/api/v1/athletes') return athleteKeys.byName(q.get('name') as string);
  if (path === '/api/v1/events') return eventKeys.all;
  if (path === '/clubs.json') return clubKeys.list();
  if (path === '/sheets/clubs.csv') return clubKeys.sheet();
  if (path === '/api/v1/known-names') return knownNamesKeys.all;
  if (path === '/api/v1/supermatches' || path === '/api/v1/head-to-head') return supermatchKeys.all;
  if (path === '/api/v1/tournaments') return tournamentKeys.list();
  const tournament = /^\/api\/v1\/tournaments\/(\d+)$/.exec(path);
  if (tournament) return tournamentKeys.detail(Number(tournament[1]));
  return null;
}

/**
 * Relays what the worker says from the very start. A page it already controls
 * gets its first answers from the worker's cache, and the worker's news that
 * an answer changed (api-updated) comes a moment later: often before the first
 * rows are up, so before the registration below. A message with no listener
 * is lost, and the page would keep showing the old answer.
 */
export function listenToWorker(queryClient: QueryClient): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const m = event.data;
    if (m?.type === 'network') setOnline(m.online);
    if (m?.type === 'api-updated') {
      const key = queryKeyFor(m.path, m.search);
      if (key) void queryClient.invalidateQueries({ queryKey: key });
    }
  });
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  workbox = wb;
  wb.addEventListener('waiting', () => {
    workerWaiting = true;
    updateWaiting.set(true);
  });
  // Once the new worker took over: this tab asked for it, so load the new version; another tab asked,
  // so offer the reload here too instead of throwing away what someone may be typing.
  // workbox-window's isUpdate only says whether the page was controlled when it registered: on a first
  // visit it is false for a later update too, so a worker this tab saw waiting also counts as one.
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate && !workerWaiting && !reloadRequested) return;
    workerWaiting = false;
    if (reloadRequested) location.reload();
    else updateWaiting.set(true);
  });
  // A worker that cannot register now (sw.js lost to a dropped connection) registers on the next visit; the
  // page works without it meanwhile, so this is no error for the page.
  const registration = await wb.register().catch(() => undefined);
  if (!registration) return;
  void keepLoadedAssets();
  navigator.serviceWorker.addEventListener('controllerchange', () => void keepLoadedAssets());

  const check = () => void wb.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * Tells the active worker which built chunks this page has loaded, so those fetched before it took charge (a
 * first visit) are kept for offline too: the worker skips the ones it already has.
 */
async function keepLoadedAssets(): Promise<void> {
  const worker = (await navigator.serviceWorker.ready).active;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => new URL(name).pathname.startsWith('/assets/'));
  worker?.postMessage({ type: 'KEEP_ASSETS', urls });
}

/** The Reload button: the waiting worker takes over, then the page reloads into the new version. */
export function applyUpdate(): void {
  reloadRequested = true;
  // The 'controlling' event then reloads; if another tab already let the new worker in, reload now.
  if (workbox && workerWaiting) workbox.messageSkipWaiting();
  else location.reload();
}
