import { describe, expect, it } from 'vitest';
import { compareText } from '../../../shared/compare-text.ts';
import type { Leaderboard } from '../../../shared/rankings.ts';
import { medalColour } from '../../../shared/medal-colour.ts';
import { rankBadge, skillText } from '../../ui/rank-badge.ts';
import { boardUnits } from '../../lib/leaderboard-api.ts';
import { classesInView, rowsFor, stickyLabel, type BoardView, type Row } from './board-rows.ts';

const board = {
  sex: 'M',
  classes: ['154', '176', '198', '243+'],
  ranks: {
    LH: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }, { name: 'Ed' }],
    RH: [{ name: 'Bo' }, { name: 'Ann' }],
  },
  deltas: { LH: { Ann: 2, Bo: -1, Cy: 0, Di: -1, Ed: 0 }, RH: { Bo: 1, Ann: -1 } },
  challenge_map: { LH: {}, RH: {} },
  weights: { Ann: '176', Bo: '154', Cy: '198', Di: '176', Ed: '243+' },
  cons_now: { LH: { Ann: 50, Bo: 45, Cy: 44, Di: 40, Ed: 30 }, RH: { Bo: 52, Ann: 48 } },
  // Before: Di was ahead of Ann, Bo ahead of both.
  cons_asof: { asof: '2025-01-01', LH: { Ann: 38, Bo: 46, Cy: 44, Di: 41 }, RH: { Bo: 50, Ann: 49 } },
  class_asof: { LH: {}, RH: {} },
  medals_pro: {},
  medals_am: {},
  clubs: {},
  club_leaders: [],
  generated_at: '2025-01-02T00:00:00Z',
} satisfies Leaderboard;

describe('leaderboard rows', () => {
  it('overall: everyone in order with the server deltas', () => {
    expect(rowsFor(board, 'LH', { weightClass: null, combine: true })).toEqual([
      { name: 'Ann', rank: 1, delta: 2 },
      { name: 'Bo', rank: 2, delta: -1 },
      { name: 'Cy', rank: 3, delta: 0 },
      { name: 'Di', rank: 4, delta: -1 },
      { name: 'Ed', rank: 5, delta: 0 },
    ]);
  });

  it('one class: only that class, ranked within it, moves from the previous skills', () => {
    expect(rowsFor(board, 'LH', { weightClass: '176', combine: false })).toEqual([
      { name: 'Ann', rank: 1, delta: 1 },
      { name: 'Di', rank: 2, delta: -1 },
    ]);
  });

  it('combine with lower: the class and every lighter class', () => {
    const rows = rowsFor(board, 'LH', { weightClass: '176', combine: true });
    expect(rows.map((r) => r.name)).toEqual(['Ann', 'Bo', 'Di']);
    // Before: Bo 46, Di 41, Ann 38 → Ann moved up 2, Bo down 1, Di down 1.
    expect(rows.map((r) => r.delta)).toEqual([2, -1, -1]);
    expect(rowsFor(board, 'LH', { weightClass: '243+', combine: true })).toHaveLength(5);
  });

  it('a newcomer without a previous skill has no movement', () => {
    expect(rowsFor(board, 'LH', { weightClass: '243+', combine: false })).toEqual([{ name: 'Ed', rank: 1, delta: 0 }]);
  });
});

describe('the first rows of a large class', () => {
  // 400 athletes, previous skills with many ties (broken by name), some newcomers without one.
  const names = Array.from({ length: 400 }, (_, i) => `Athlete ${String((i * 7919) % 400).padStart(3, '0')}`);
  const classes = ['154', '176', '198', '243+'];
  const large = {
    ...board,
    classes,
    ranks: { LH: names.map((name) => ({ name })), RH: [] },
    weights: Object.fromEntries(names.map((n, i) => [n, classes[i % 4]!])),
    cons_asof: {
      asof: '2025-01-01',
      LH: Object.fromEntries(names.flatMap((n, i) => (i % 9 === 0 ? [] : [[n, (i * 37) % 50]]))),
      RH: {},
    },
  } satisfies Leaderboard;

  /** The rule as written: filter the class, sort everyone's previous skills, compare places. */
  function reference(view: BoardView): Row[] {
    const inView = classesInView(view, large.classes);
    const names = large.ranks.LH.map((r) => r.name).filter((n) => !inView || inView.has(large.weights[n] ?? ''));
    const before: Record<string, number> = large.cons_asof.LH;
    const previous = names
      .filter((n) => before[n] !== undefined)
      .sort((a, b) => before[b]! - before[a]! || compareText(a, b));
    const was = new Map(previous.map((n, i) => [n, i + 1]));
    return names.map((name, i) => ({ name, rank: i + 1, delta: was.has(name) ? was.get(name)! - (i + 1) : 0 }));
  }

  it('are the rule as written, for the first ten and for all', () => {
    for (const view of [
      { weightClass: '176', combine: true },
      { weightClass: '198', combine: false },
      { weightClass: '243+', combine: true },
    ]) {
      const all = reference(view);
      expect(all.length).toBeGreaterThan(40);
      expect(all.filter((r) => r.delta !== 0).length).toBeGreaterThan(20);
      expect(rowsFor(large, 'LH', view)).toEqual(all);
      expect(rowsFor(large, 'LH', view, 10)).toEqual(all.slice(0, 10));
    }
  });
});

describe('sticky label', () => {
  it('reads as the spec says', () => {
    expect(stickyLabel({ weightClass: null, combine: true }, 'lbs')).toBe('Combined overall');
    expect(stickyLabel({ weightClass: null, combine: false }, 'kg')).toBe('Combined overall');
    expect(stickyLabel({ weightClass: '198', combine: true }, 'lbs')).toBe('198 lbs + lower');
    expect(stickyLabel({ weightClass: '198', combine: false }, 'lbs')).toBe('198 lbs');
    expect(stickyLabel({ weightClass: '80', combine: false }, 'kg')).toBe('80 kg');
    expect(stickyLabel({ weightClass: '110+', combine: true }, 'kg')).toBe('110+ kg + lower');
  });

  it('reads a board kept from before boards named their unit as lbs', () => {
    expect(boardUnits({})).toBe('lbs');
    expect(boardUnits({ units: 'kg' })).toBe('kg');
  });
});

describe('badges and medals', () => {
  it('trophies for 1-3, top10_a for 4-5, top10_b for 6-10, nothing else', () => {
    expect([1, 2, 3].map((r) => rankBadge(r)?.kind)).toEqual(['trophy', 'trophy', 'trophy']);
    expect([4, 5].map((r) => rankBadge(r)?.kind)).toEqual(['top10_a', 'top10_a']);
    expect([6, 7, 8, 9, 10].map((r) => rankBadge(r)?.kind)).toEqual(Array(5).fill('top10_b'));
    for (const r of [0, 11, 50, null, undefined, 2.5]) expect(rankBadge(r)).toBeNull();
  });
  it('medal colours: 1 gold, 2 silver, otherwise bronze', () => {
    expect([1, 2, 3, 4].map(medalColour)).toEqual(['gold', 'silver', 'bronze', 'bronze']);
  });
  it('skill: a number in dev, Calibrating elsewhere, 40 when missing', () => {
    expect(skillText(47.26, true)).toBe('47.3');
    expect(skillText(undefined, true)).toBe('40.0');
    expect(skillText(47.26, false)).toBe('Calibrating');
  });
});
