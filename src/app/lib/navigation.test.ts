// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hrefOf, lastNavigation, navigate, parseHash, startNavigation, type AppLocation } from './navigation.ts';

describe('hash addresses', () => {
  it('are written with the path and query in the hash, empty values left out', () => {
    expect(hrefOf('/events', { id: 2 })).toBe('/#/events?id=2');
    expect(hrefOf('/leaderboards', { ath: 'Reid Amadi', div: 'Men', goto: undefined })).toBe(
      '/#/leaderboards?ath=Reid%20Amadi&div=Men',
    );
    expect(hrefOf('/clubs', { club: 'A&B Pullers', from: '' })).toBe('/#/clubs?club=A%26B%20Pullers');
    expect(hrefOf('/account')).toBe('/#/account');
  });

  it('are read back as the path in lower case without slashes at the end, and the query as text', () => {
    expect(parseHash('#/Events/?id=2&event=Spring%20Pull', null)).toEqual({
      path: '/events',
      search: { id: '2', event: 'Spring Pull' },
      state: {},
    });
    // A + in a query someone typed is a space, as in any form address.
    expect(parseHash('#/events?event=Spring+Pull', null).search).toEqual({ event: 'Spring Pull' });
    expect(parseHash('', null).path).toBe('/');
    expect(parseHash('#/', { eventFromList: true }).state).toEqual({ eventFromList: true });
    const written = hrefOf('/clubs', { club: 'Iron Grip + Co?' });
    expect(parseHash(written.slice(1), null).search).toEqual({ club: 'Iron Grip + Co?' });
  });
});

describe('navigation', () => {
  // One start per test file: the module keeps one location, as the page does.
  const seen: AppLocation[] = [];
  // The address the page was opened at (replaceState: no hashchange event comes of it).
  history.replaceState(null, '', '/#/tournaments?event=Spring%20Pull');
  startNavigation((loc) => {
    seen.push(loc);
    if (loc.path === '/') return { to: '/leaderboards' };
    if (loc.path === '/tournaments') return { to: '/events', search: loc.search };
    return null;
  });

  it('follows a redirect in place of the address, and resolves where it leads', () => {
    expect(location.hash).toBe('#/events?event=Spring%20Pull');
    expect(seen.map((l) => l.path)).toEqual(['/tournaments', '/events']);
    expect(typeof (history.state as { key?: unknown }).key).toBe('string');
  });

  it('adds an entry with its own state, or replaces the current one keeping its key', () => {
    const length = history.length;
    navigate({ to: '/events', search: { id: 3 }, state: { eventFromList: true } });
    expect(location.hash).toBe('#/events?id=3');
    expect(history.length).toBe(length + 1);
    expect(history.state).toMatchObject({ eventFromList: true });
    const key = (history.state as { key: string }).key;

    navigate({ search: (current) => ({ ...current, id: undefined, event: 'Finals' }), replace: true });
    expect(location.hash).toBe('#/events?event=Finals');
    expect(history.length).toBe(length + 1);
    expect(history.state).toEqual({ key });
    expect(lastNavigation().change).toBe('replace');
  });

  it('keeps where each entry was scrolled to when it was left, for Back to put back', () => {
    const scrolledTo = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    const events = { state: history.state as unknown, hash: location.hash };
    scrolledTo(640);
    navigate({ to: '/clubs' });
    expect(lastNavigation()).toEqual({ change: 'push', savedScroll: undefined });
    scrolledTo(90);
    // Back: the browser puts the previous entry's address and state back, then says so.
    history.replaceState(events.state, '', events.hash);
    dispatchEvent(new PopStateEvent('popstate'));
    expect(location.hash).toBe('#/events?event=Finals');
    expect(lastNavigation()).toEqual({ change: 'pop', savedScroll: 640 });
  });
});
