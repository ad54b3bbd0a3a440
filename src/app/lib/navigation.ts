import { useSyncExternalStore } from 'react';

/**
 * The app's addresses and their history: the one reader and writer of them.
 *
 * Addresses are hash addresses, path and query both in the hash (`/#/events?id=2`), so any static server and the
 * service worker's navigation fallback answer every address with index.html, and a shared link works offline.
 * The current location is a store React subscribes to; `navigate` writes a history entry (with state of our own,
 * such as "opened from the list") and tells the subscribers; Back and Forward come in as `popstate`, an address
 * typed or opened from a plain link as `hashchange`.
 *
 * This is our own rather than a router library's because of what the first screen downloads: TanStack Router was
 * 24 KB of the 117 KB of gzipped JavaScript a phone fetched before the first leaderboard row, for the handful of
 * flat routes here. What the app needs of a router is in this file, ui/Link.tsx and router.tsx.
 */

/** Every path the app has (router.tsx maps each to its screen or redirect). */
export type AppPath =
  '/' | '/leaderboards' | '/events' | '/tournaments' | '/supermatches' | '/clubs' | '/account' | '/admin';

/** Query values as the address holds them: text. Each screen parses its own (lib/search-params.ts). */
export type RawSearch = Readonly<Record<string, string>>;
/** What a caller may put in a query: empty and undefined values are left out of the address. */
export type SearchInput = Readonly<Record<string, string | number | undefined>>;

/** What a history entry remembers besides its address. */
export interface HistoryState {
  /** Names the entry, for its scroll position. */
  key?: string;
  /** The event details were opened from a card of the list: closing them is going back. */
  eventFromList?: boolean;
  /** The club was opened from a card of the clubs list: closing it is going back. */
  clubFromList?: boolean;
}

export interface AppLocation {
  /** Lower case, one leading slash, no trailing one: `/events`; `/` for an empty hash. */
  path: string;
  search: RawSearch;
  state: HistoryState;
}

export interface NavigateOptions {
  /** The path; the current one when left out (only the query changes). */
  to?: AppPath;
  /** The query; empty when left out. A function gets the current query. */
  search?: SearchInput | ((current: RawSearch) => SearchInput);
  /** State of the new entry; a function gets the current entry's. */
  state?: Omit<HistoryState, 'key'> | ((current: HistoryState) => Omit<HistoryState, 'key'>);
  /** Replace the current entry instead of adding one. */
  replace?: boolean;
}

/** The address of a path and query, as links carry it: `/#/events?id=2`. */
export function hrefOf(to: string, search: SearchInput = {}): string {
  const query = Object.entries(search)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `/#${to}${query ? `?${query}` : ''}`;
}

/** Reads a location from a hash (`#/Events/?id=2`) and the entry's state. */
export function parseHash(hash: string, state: unknown): AppLocation {
  const body = hash.replace(/^#/, '');
  const q = body.indexOf('?');
  const rawPath = (q < 0 ? body : body.slice(0, q)).toLowerCase();
  const path = `/${rawPath.split('/').filter(Boolean).join('/')}`;
  const search = Object.fromEntries(new URLSearchParams(q < 0 ? '' : body.slice(q + 1)));
  const entryState = state && typeof state === 'object' ? (state as HistoryState) : {};
  return { path, search, state: entryState };
}

const listeners = new Set<() => void>();
let current: AppLocation = { path: '/', search: {}, state: {} };
/** How the location last changed, and where the entry now shown was scrolled to when it was last left. */
let last: { change: 'start' | 'push' | 'replace' | 'pop'; savedScroll: number | undefined } = {
  change: 'start',
  savedScroll: undefined,
};
/** Where each history entry was scrolled to when it was left, by entry key. */
const scrollByKey = new Map<string, number>();
let resolve: (location: AppLocation) => NavigateOptions | null = () => null;

const newKey = () => Math.random().toString(36).slice(2, 10);

function publish(change: typeof last.change) {
  // Nothing has scrolled since the entry changed (pushState and Back move no page), so this is where the
  // entry being left was.
  if (current.state.key) scrollByKey.set(current.state.key, scrollY);
  let next = parseHash(location.hash, history.state);
  // Every entry gets a key, also one the browser made for a typed address or a plain link.
  if (!next.state.key) {
    history.replaceState({ ...next.state, key: newKey() }, '');
    next = parseHash(location.hash, history.state);
  }
  // A redirect is followed in place; the address it leads to is resolved in turn (a few hops at most).
  for (let hop = 0, redirect = resolve(next); redirect && hop < 3; hop++, redirect = resolve(next)) {
    write({ ...redirect, replace: true }, next);
    next = parseHash(location.hash, history.state);
  }
  current = next;
  last = { change, savedScroll: next.state.key ? scrollByKey.get(next.state.key) : undefined };
  listeners.forEach((l) => l());
}

function write(options: NavigateOptions, from: AppLocation) {
  const to = options.to ?? from.path;
  const search = typeof options.search === 'function' ? options.search(from.search) : (options.search ?? {});
  const extra = typeof options.state === 'function' ? options.state(from.state) : (options.state ?? {});
  // A replaced entry keeps its key (and so its scroll position); a new one gets its own.
  const key = options.replace ? (from.state.key ?? newKey()) : newKey();
  const state: HistoryState = { ...extra, key };
  if (options.replace) history.replaceState(state, '', hrefOf(to, search));
  else history.pushState(state, '', hrefOf(to, search));
}

/**
 * Starts following the address. `onLocation` sees every new location before it is shown, and answers where to
 * send it instead (in its place in the history, e.g. `/` to the leaderboards), or null to show it.
 */
export function startNavigation(onLocation: (location: AppLocation) => NavigateOptions | null): void {
  resolve = onLocation;
  // The router view puts the scroll position back itself, once the entry's screen is drawn.
  history.scrollRestoration = 'manual';
  addEventListener('popstate', () => publish('pop'));
  // A typed address or a plain link: the browser added the entry before telling (no popstate for ours).
  addEventListener('hashchange', () => {
    if (parseHash(location.hash, history.state).state.key !== current.state.key) publish('push');
  });
  publish('start');
}

/** Goes to another address (or the same path with another query). */
export function navigate(options: NavigateOptions): void {
  write(options, current);
  publish(options.replace ? 'replace' : 'push');
}

/** Back one entry, as the browser's Back button. */
export function goBack(): void {
  history.back();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The path shown now (outside React). */
export function currentPath(): string {
  return current.path;
}

/** The current location; re-renders on every change. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, () => current);
}

/** How the current location came about, and where its entry was scrolled to when it was last left. */
export function lastNavigation(): typeof last {
  return last;
}

/** 'page' while `path` (or a path under it) is shown: for aria-current on the top bar's links. */
export function useCurrentPage(path: AppPath): 'page' | undefined {
  const shown = useLocation().path;
  return shown === path || shown.startsWith(`${path}/`) ? 'page' : undefined;
}
