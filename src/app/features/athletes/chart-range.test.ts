import { describe, expect, it } from 'vitest';
import { parseRange, pointsInRange } from './chart-range.ts';

describe('chart range', () => {
  it('accepts only 1w, 1m, 1y, 5y; anything else is the default 1m', () => {
    expect(['1w', '1m', '1y', '5y'].map(parseRange)).toEqual(['1w', '1m', '1y', '5y']);
    for (const bad of ['2w', '', null, 5, '1M']) expect(parseRange(bad)).toBe('1m');
  });

  it('carries the value in force into the range and to today', () => {
    const days = ['2024-01-01', '2024-06-01', '2024-06-20'];
    expect(pointsInRange(days, [40, 44, 47], '1m', '2024-06-30')).toEqual([
      { x: '2024-05-31', y: 40 },
      { x: '2024-06-01', y: 44 },
      { x: '2024-06-20', y: 47 },
      { x: '2024-06-30', y: 47 },
    ]);
    expect(pointsInRange(days, [40, 44, 47], '1w', '2024-06-30')).toEqual([
      { x: '2024-06-23', y: 47 },
      { x: '2024-06-30', y: 47 },
    ]);
  });
});
