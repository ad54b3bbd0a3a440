import { describe, expect, it } from 'vitest';
import { dayTime, tickLabel, timeTicks } from './chart-axis.ts';

const days = (from: string, to: string, count: number) =>
  timeTicks(dayTime(from), dayTime(to), count).map((t) => new Date(t).toISOString().slice(0, 10));

describe('chart time axis', () => {
  it('a month gets its Sundays', () => {
    expect(days('2026-10-24', '2026-11-23', 4)).toEqual([
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
    ]);
  });

  it('a week gets every other day of the month, counted from the 1st', () => {
    expect(days('2026-11-16', '2026-11-23', 4)).toEqual(['2026-11-17', '2026-11-19', '2026-11-21', '2026-11-23']);
  });

  it('a year gets every third month; years get new years', () => {
    expect(days('2025-11-23', '2026-11-23', 4)).toEqual(['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01']);
    expect(days('2024-03-02', '2026-11-23', 4)).toEqual(['2025-01-01', '2026-01-01']);
  });

  it('one day alone is one tick', () => {
    expect(days('2026-11-23', '2026-11-23', 4)).toEqual(['2026-11-23']);
  });

  it('reads day and month for short ranges, month and year for long ones', () => {
    expect(tickLabel(dayTime('2026-11-01'), false)).toBe('Nov 01');
    expect(tickLabel(dayTime('2025-01-01'), true)).toBe('Jan 2025');
  });
});
