import { describe, expect, it } from 'vitest';
import { isDevHost } from './environment.ts';
import { isNew } from './last-seen.ts';
import { hashAddressOf } from './hash-address.ts';

describe('dev environments come from the host', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['app.localhost', true],
    ['beta.rankings.org', true],
    ['preview-42.rankings.pages.dev', true],
    ['rankings.org', false],
    ['betamax.org', false],
    ['rankings.test', false],
  ])('%s → %s', (host, dev) => {
    expect(isDevHost(host)).toBe(dev);
  });
});

describe("'new' dots", () => {
  const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).getTime();
  it('show from the release date for 7 days', () => {
    expect(isNew('events', {}, at(2025, 1, 9))).toBe(false);
    expect(isNew('events', {}, at(2025, 1, 10))).toBe(true);
    expect(isNew('events', {}, at(2025, 1, 16))).toBe(true);
    expect(isNew('events', {}, at(2025, 1, 17))).toBe(false);
    expect(isNew('clubs', {}, at(2025, 8, 20))).toBe(true);
  });
  it('not once the route was seen', () => {
    expect(isNew('leaderboards', { leaderboards: 1 }, at(2025, 1, 13))).toBe(false);
  });
});

describe('addresses with a path or query before the hash', () => {
  const loc = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
  it('move into the hash as they are, for the route tree to read', () => {
    expect(hashAddressOf(loc('/events', '?id=2'))).toBe('/#/events?id=2');
    expect(hashAddressOf(loc('/tournaments', '?event=Spring%20Pull'))).toBe('/#/tournaments?event=Spring%20Pull');
    expect(hashAddressOf(loc('/events/'))).toBe('/#/events/');
    expect(hashAddressOf(loc('/', '?code=abc&state=xyz'))).toBe('/#/?code=abc&state=xyz');
    expect(hashAddressOf(loc('/index.html'))).toBe('/#/');
  });
  it('a hash address stays; one that comes with more before its hash keeps only the hash', () => {
    expect(hashAddressOf(loc('/'))).toBeNull();
    expect(hashAddressOf(loc('/', '', '#/clubs'))).toBeNull();
    expect(hashAddressOf(loc('/events', '', '#/clubs'))).toBe('/#/clubs');
    expect(hashAddressOf(loc('/', '?utm_source=x', '#/events?id=2'))).toBe('/#/events?id=2');
  });
});
