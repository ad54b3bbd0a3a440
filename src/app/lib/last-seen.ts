import { STORAGE_KEYS } from './storage-keys.ts';
import { readJson, writeStorage } from './storage.ts';

/**
 * A last-seen timestamp per route name after each navigation, and a 'new' dot
 * for 7 days after a route's release date unless the route was seen.
 */
const KEY = STORAGE_KEYS.lastSeen;

export const RELEASE_DATES = {
  leaderboards: '2025-01-12',
  events: '2025-01-10',
  clubs: '2025-08-16',
} as const;
export type DottedRoute = keyof typeof RELEASE_DATES;

const NEW_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export type LastSeen = Partial<Record<string, number>>;

export function readLastSeen(): LastSeen {
  return readJson<LastSeen>(KEY, {});
}

export function markSeen(routeName: string, now = Date.now()): LastSeen {
  const next = { ...readLastSeen(), [routeName]: now };
  writeStorage(KEY, JSON.stringify(next));
  return next;
}

export function isNew(route: DottedRoute, lastSeen: LastSeen, now = Date.now()): boolean {
  if (lastSeen[route] !== undefined) return false;
  // Release dates are calendar days where the community lives; local midnight is what "from" means to a reader.
  const [y, m, d] = RELEASE_DATES[route].split('-').map(Number) as [number, number, number];
  const release = new Date(y, m - 1, d).getTime();
  return now >= release && now < release + NEW_FOR_MS;
}
