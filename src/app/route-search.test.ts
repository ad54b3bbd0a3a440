import { describe, expect, it } from 'vitest';
import {
  adminSearch,
  bracketsSearch,
  clubsSearch,
  drawSheetSearch,
  eventsSearch,
  headTableSearch,
  leaderboardsSearch,
  setupSearch,
  signInReturnSearch,
  supermatchesSearch,
  tableSearch,
  tvSearch,
} from './route-search.ts';

describe("each route's search parameters", () => {
  it('read good values as they are (numbers the router decoded become text again where text is meant)', () => {
    expect(leaderboardsSearch({ ath: 'Reid Amadi', div: 'Men', goto: 'athlete' })).toEqual({
      ath: 'Reid Amadi',
      div: 'Men',
      goto: 'athlete',
    });
    expect(eventsSearch({ id: 2, from: 'supermatch' })).toEqual({ id: 2, event: undefined, from: 'supermatch' });
    expect(eventsSearch({ id: '7' }).id).toBe(7);
    expect(supermatchesSearch({ event: 2025, match: 17 })).toEqual({ event: '2025', match: '17' });
    expect(clubsSearch({ club: 'A&B Pullers', from: 'athlete', ath: 'Kai', div: 'Women' })).toEqual({
      club: 'A&B Pullers',
      from: 'athlete',
      ath: 'Kai',
      div: 'Women',
    });
    expect(signInReturnSearch({ code: 'abc', state: 'xyz' })).toEqual({ code: 'abc', state: 'xyz', error: undefined });
  });

  it('leave a bad value out, as undefined, so it cannot stand in for the good one, and never throw', () => {
    expect(leaderboardsSearch({ div: 'Nope', ath: '', goto: 'elsewhere' })).toEqual({
      ath: undefined,
      div: undefined,
      goto: undefined,
    });
    for (const id of ['abc', -3, 0, 2.5, '1e3', true, ['1', '2'], { a: 1 }, null]) {
      expect(eventsSearch({ id }).id).toBeUndefined();
    }
    expect(eventsSearch({ event: '   ', from: 'nowhere' })).toEqual({
      id: undefined,
      event: undefined,
      from: undefined,
    });
    expect(supermatchesSearch({ match: 'x'.repeat(201) }).match).toBeUndefined();
    expect(clubsSearch({ club: ['a', 'b'], div: 'men', from: 'athletes' })).toEqual({
      club: undefined,
      from: undefined,
      ath: undefined,
      div: undefined,
    });
    expect(() => leaderboardsSearch(Object.create(null) as Record<string, unknown>)).not.toThrow();
  });

  it('read the brackets’ tournament, category and athlete, leaving bad ones out', () => {
    expect(bracketsSearch({ tournament: 3, category: '12', athlete: 'Reid Amadi' })).toEqual({
      tournament: 3,
      category: 12,
      athlete: 'Reid Amadi',
    });
    expect(bracketsSearch({ tournament: 'abc', category: -1, athlete: ['x'] })).toEqual({
      tournament: undefined,
      category: undefined,
      athlete: undefined,
    });
    expect(() => bracketsSearch({ tournament: { x: 1 }, category: null })).not.toThrow();
  });

  it('read the draw sheet’s tournament and category, leaving bad ones out', () => {
    expect(drawSheetSearch({ tournament: 3, category: '12' })).toEqual({ tournament: 3, category: 12 });
    expect(drawSheetSearch({ tournament: 'x', category: 0 })).toEqual({ tournament: undefined, category: undefined });
    expect(() => drawSheetSearch({ tournament: { x: 1 }, category: null })).not.toThrow();
  });

  it('read the head table’s tournament and category, leaving bad ones out', () => {
    expect(headTableSearch({ tournament: '4', category: 9 })).toEqual({ tournament: 4, category: 9 });
    expect(headTableSearch({ tournament: 0, category: 'x' })).toEqual({ tournament: undefined, category: undefined });
    expect(() => headTableSearch({ tournament: { x: 1 } })).not.toThrow();
  });

  it("read a table link's key, leaving a bad one out", () => {
    expect(tableSearch({ key: 'aZ09-_x' })).toEqual({ key: 'aZ09-_x' });
    expect(tableSearch({ key: ['x'] })).toEqual({ key: undefined });
    expect(tableSearch({ key: 'x'.repeat(201) })).toEqual({ key: undefined });
    expect(() => tableSearch({ key: { x: 1 } })).not.toThrow();
  });

  it("read the hall TV's tournament, leaving a bad one out", () => {
    expect(tvSearch({ tournament: '4' })).toEqual({ tournament: 4 });
    expect(tvSearch({ tournament: 0 })).toEqual({ tournament: undefined });
    expect(() => tvSearch({ tournament: { x: 1 } })).not.toThrow();
  });

  it("read a setup link's token and step, and the admin screen's panel, leaving bad ones out", () => {
    expect(setupSearch({ token: 'kX3pV9qW-_', step: 'claim' })).toEqual({ token: 'kX3pV9qW-_', step: 'claim' });
    expect(setupSearch({ token: ['x'], step: 'again' })).toEqual({ token: undefined, step: undefined });
    expect(adminSearch({ panel: 'association' })).toEqual({ panel: 'association' });
    expect(adminSearch({ panel: 'roles' })).toEqual({ panel: undefined });
    expect(() => adminSearch({ panel: { x: 1 } })).not.toThrow();
  });
});
