import type { QueryClient } from '@tanstack/react-query';
import type { Sex } from '../../shared/weight-classes.ts';
import { associationKeys } from '../lib/association.ts';
import { athleteKeys } from '../lib/athlete-keys.ts';
import { eventKeys } from '../features/events/event-keys.ts';
import { clubKeys } from '../features/clubs/club-keys.ts';
import { supermatchKeys } from '../features/supermatches/supermatch-keys.ts';
import { ratingsKeys } from '../features/ratings/ratings-keys.ts';
import { knownNamesKeys } from '../lib/known-names-keys.ts';
import { leaderboardKeys } from '../lib/leaderboard-api.ts';
import { tournamentKeys } from '../features/tournament/common/tournament-keys.ts';
import { setOnline } from './connectivity.ts';

/**
 * The page's side of the service worker on the first screen: what the worker says is heard from the start
 * (listenToWorker); registering it and its updates (pwa/worker-registration.ts, with workbox-window) come as a
 * chunk of their own once the first screen's content is up.
 */
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
  // A tournament's details are read network-first (sw/sw.ts): the worker never announces them.
  if (path === '/api/v1/tournaments') return tournamentKeys.list();
  if (path === '/api/v1/association') return associationKeys.all;
  if (path === '/api/v1/ratings/calibration') return ratingsKeys.calibration();
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

const registration = () => import('./worker-registration.ts');

/** Registers the worker once the first screen's content is up: the code for it is a chunk of its own. */
export const registerServiceWorker = () => void registration().then((m) => m.registerServiceWorker());

/** The Reload button: the waiting worker takes over, then the page reloads into the new version. */
export const applyUpdate = () => void registration().then((m) => m.applyUpdate());
