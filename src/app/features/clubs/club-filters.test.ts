import { describe, expect, it } from 'vitest';
import { filterClubs, hasFilters, NO_FILTERS, regionsOf } from './club-filters.ts';
import { testClub } from './club.test-kit.ts';

const clubs = [
  testClub({ id: 1, name: 'Iron Grip Club', city: 'Eastport', region: 'North' }),
  testClub({ id: 2, name: 'Table Kings', city: 'São Bento', region: 'South' }),
  testClub({ id: 3, name: 'Border Pullers', city: 'Lakeside', region: 'North', out_of_state: true }),
  testClub({ id: 4, name: 'No Place', city: null, region: null }),
];
const ids = (list: { id: number }[]) => list.map((c) => c.id);

describe('club filters', () => {
  it('keeps every club, in order, without filters', () => {
    expect(ids(filterClubs(clubs, NO_FILTERS))).toEqual([1, 2, 3, 4]);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, query: '  ' })).toBe(false);
  });

  it('searches the name or the city, ignoring case, accents and extra spaces', () => {
    expect(ids(filterClubs(clubs, { ...NO_FILTERS, query: 'grip' }))).toEqual([1]);
    expect(ids(filterClubs(clubs, { ...NO_FILTERS, query: '  sao   bento ' }))).toEqual([2]);
    expect(ids(filterClubs(clubs, { ...NO_FILTERS, query: 'LAKE' }))).toEqual([3]);
    expect(ids(filterClubs(clubs, { ...NO_FILTERS, query: 'nowhere' }))).toEqual([]);
  });

  it('narrows by region and to in-state clubs, all filters together', () => {
    expect(ids(filterClubs(clubs, { ...NO_FILTERS, region: 'North' }))).toEqual([1, 3]);
    expect(ids(filterClubs(clubs, { ...NO_FILTERS, inStateOnly: true }))).toEqual([1, 2, 4]);
    expect(ids(filterClubs(clubs, { query: 'e', region: 'North', inStateOnly: true }))).toEqual([1]);
    expect(hasFilters({ ...NO_FILTERS, inStateOnly: true })).toBe(true);
  });

  it('lists each region once, alphabetical, without blanks', () => {
    expect(regionsOf([...clubs, testClub({ region: ' ' })])).toEqual(['North', 'South']);
  });
});
