import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Leaderboard } from '../../shared/rankings.ts';
import { verifiedName } from '../auth/use-verified-name.ts';
import { fetchKnownNames, mergeKnownNames } from './known-names.ts';

const board = (lh: string[], rh: string[]) =>
  ({ ranks: { LH: lh.map((name) => ({ name })), RH: rh.map((name) => ({ name })) } }) as unknown as Leaderboard;

afterEach(() => vi.unstubAllGlobals());

describe('known names', () => {
  it('merges the endpoint names with both cached boards, once each, alphabetically', () => {
    const men = board(['Zed Cole', 'Al Ruiz'], ['al ruiz', 'Bo Hart']);
    const women = board(['Cy Lane'], ['Cy Lane']);
    expect(mergeKnownNames(['bo hart', 'New Person'], [men, undefined, women])).toEqual([
      'Al Ruiz',
      'bo hart',
      'Cy Lane',
      'New Person',
      'Zed Cole',
    ]);
  });

  it('works with the boards alone (offline) and with nothing at all', () => {
    expect(mergeKnownNames([], [board(['B'], ['A'])])).toEqual(['A', 'B']);
    expect(mergeKnownNames([], [undefined, undefined])).toEqual([]);
  });

  it('asks GET /api/v1/known-names?t= and reads names', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ names: ['A', 3, 'B'] }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchKnownNames()).toEqual(['A', 'B']);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/^\/api\/v1\/known-names\?t=\d+$/);
  });

  it('gives an empty list, silently, on any failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 503 })),
    );
    expect(await fetchKnownNames()).toEqual([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not json', { status: 200 })),
    );
    expect(await fetchKnownNames()).toEqual([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await fetchKnownNames()).toEqual([]);
  });
});

describe('verified name', () => {
  it('is the athlete name only when the name is locked', () => {
    expect(verifiedName({ name_locked: true, athlete_name: ' Casey Morrow ', pending_requested_name: null })).toBe(
      'Casey Morrow',
    );
    expect(verifiedName({ name_locked: false, athlete_name: 'Casey Morrow', pending_requested_name: null })).toBeNull();
    expect(verifiedName({ name_locked: true, athlete_name: null, pending_requested_name: 'X' })).toBeNull();
    expect(verifiedName(null)).toBeNull();
    expect(verifiedName(undefined)).toBeNull();
  });
});
