import { describe, expect, test } from 'vitest';
import { medalFor, placePoints, teamStandings } from './standings.ts';
import { category, playOut, result } from './engine.test-kit.ts';

const clubs = new Map<number, string | null>([
  [1, 'Iron Grip'],
  [2, 'Iron Grip'],
  [3, 'Bull Pen'],
  [4, 'Bull Pen'],
  [5, 'Atlas'],
  [6, null],
  [7, 'Atlas'],
]);

describe('teamStandings', () => {
  test('points for places 1 to 6 summed per club, with medals; shared places split the points of the places they cover', () => {
    const rh = [
      { entry: 1, place: 1, last: 1 },
      { entry: 3, place: 2, last: 2 },
      { entry: 5, place: 3, last: 3 },
      { entry: 2, place: 4, last: 4 },
      { entry: 4, place: 5, last: 6 },
      { entry: 7, place: 5, last: 6 },
      { entry: 6, place: 7, last: 8 },
    ];
    const lh = [
      { entry: 3, place: 1, last: 1 },
      { entry: 6, place: 2, last: 2 },
    ];
    expect(teamStandings([rh, lh], clubs)).toEqual([
      { club: 'Bull Pen', points: 17 + 2.5 + 25, gold: 1, silver: 1, bronze: 0 },
      { club: 'Iron Grip', points: 25 + 5, gold: 1, silver: 0, bronze: 0 },
      { club: 'Atlas', points: 9 + 2.5, gold: 0, silver: 0, bronze: 1 },
    ]);
  });

  test('ties: golds, then silvers, then bronzes, then name', () => {
    const more = new Map([...clubs, [8, 'Zeta'], [9, 'Apex']]);
    const tenEach = [10, 10, 10, 10];
    const standings = teamStandings(
      [
        [
          { entry: 5, place: 3, last: 3 },
          { entry: 3, place: 2, last: 2 },
          { entry: 8, place: 4, last: 4 },
        ],
        [
          { entry: 9, place: 1, last: 1 },
          { entry: 1, place: 4, last: 4 },
        ],
      ],
      more,
      tenEach,
    );
    expect(standings.map((s) => `${s.club} ${s.points}`)).toEqual([
      'Apex 10',
      'Bull Pen 10',
      'Atlas 10',
      'Iron Grip 10',
      'Zeta 10',
    ]);
  });

  test('the points are a setting', () => {
    expect(teamStandings([[{ entry: 1, place: 1, last: 1 }]], clubs, [10])).toEqual([
      { club: 'Iron Grip', points: 10, gold: 1, silver: 0, bronze: 0 },
    ]);
  });

  test('a played-out category gives every place’s points once: 25 + 17 + 9 + 5 + 3 + 2', () => {
    const done = playOut(category(8), (m) => result(m, 'A'));
    const everyone = new Map(done.slots.filter((e) => e !== null).map((e) => [e, `club ${e}`]));
    const standings = teamStandings([done.places], everyone);
    expect(standings.reduce((sum, c) => sum + c.points, 0)).toBe(25 + 17 + 9 + 5 + 3 + 2);
    // 5th-6th shared: each scores (3 + 2) / 2; 7th-8th nothing.
    expect(standings.map((c) => c.points)).toEqual([25, 17, 9, 5, 2.5, 2.5]);
  });

  test('a share of three places is a third of their points, totals to the hundredth', () => {
    expect(placePoints(4, 6, [25, 17, 9, 5, 3, 2])).toBeCloseTo(10 / 3, 10);
    const three = [4, 5, 7].map((entry) => ({ entry, place: 4, last: 6 }));
    const atlasTwice = teamStandings([three], clubs).find((c) => c.club === 'Atlas');
    expect(atlasTwice?.points).toBe(6.67);
  });

  test('medals for 1st to 3rd', () => {
    expect([1, 2, 3, 4].map(medalFor)).toEqual(['gold', 'silver', 'bronze', null]);
  });
});
