import { useMemo } from 'react';
import { useLocation } from './navigation.ts';

/**
 * Route search params, parsed leniently: a value of the wrong kind is dropped,
 * never an error screen. Hand-written rather than zod because the router is on
 * the first screen's path and every kilobyte there counts.
 */
type Search = Record<string, unknown>;

export function text(search: Search, key: string): string | undefined {
  const v = search[key];
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return s && s.length <= 200 ? s : undefined;
}

export function positiveInt(search: Search, key: string): number | undefined {
  const v = search[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function oneOf<T extends string>(search: Search, key: string, values: readonly T[]): T | undefined {
  const v = search[key];
  return typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined;
}

/** Drops undefined keys so addresses stay clean. */
export function defined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export interface LeaderboardsSearch {
  ath?: string | undefined;
  div?: 'Women' | 'Men' | undefined;
  /** 'athlete': back from a club opened in the athlete popup (the popup opens again by ath and div). */
  goto?: 'athlete' | undefined;
}
export interface EventsSearch {
  id?: number | undefined;
  event?: string | undefined;
  from?: string | undefined;
}
export interface SupermatchesSearch {
  event?: string | undefined;
  match?: string | undefined;
}
export interface ClubsSearch {
  club?: string | undefined;
  from?: string | undefined;
  ath?: string | undefined;
  div?: string | undefined;
}

export const parseLeaderboardsSearch = (s: Search): LeaderboardsSearch =>
  defined({
    ath: text(s, 'ath'),
    div: oneOf(s, 'div', ['Women', 'Men'] as const),
    goto: oneOf(s, 'goto', ['athlete'] as const),
  });
export const parseEventsSearch = (s: Search): EventsSearch =>
  defined({ id: positiveInt(s, 'id'), event: text(s, 'event'), from: text(s, 'from') });
export const parseSupermatchesSearch = (s: Search): SupermatchesSearch =>
  defined({ event: text(s, 'event'), match: text(s, 'match') });
export const parseClubsSearch = (s: Search): ClubsSearch =>
  defined({ club: text(s, 'club'), from: text(s, 'from'), ath: text(s, 'ath'), div: text(s, 'div') });

const PARSERS = {
  '/leaderboards': parseLeaderboardsSearch,
  '/events': parseEventsSearch,
  '/supermatches': parseSupermatchesSearch,
  '/clubs': parseClubsSearch,
} as const;
type PathWithSearch = keyof typeof PARSERS;

/** The query of `path` as its screen reads it (call it only on that screen). */
export function parseSearchOf<P extends PathWithSearch>(path: P, search: Search): ReturnType<(typeof PARSERS)[P]> {
  return PARSERS[path](search) as ReturnType<(typeof PARSERS)[P]>;
}

/** The current query, parsed as `path`'s screen reads it. */
export function useSearch<P extends PathWithSearch>(path: P): ReturnType<(typeof PARSERS)[P]> {
  const { search } = useLocation();
  return useMemo(() => parseSearchOf(path, search), [path, search]);
}
