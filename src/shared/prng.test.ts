import { describe, expect, test } from 'vitest';
import { mulberry32 } from './prng.ts';

describe('mulberry32', () => {
  test('a seed always gives the same numbers (a stored draw seed repeats the draw on any device)', () => {
    const next = mulberry32(42);
    expect([next(), next(), next()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });

  test('numbers stay in [0, 1) and differ between seeds', () => {
    const a = mulberry32(1);
    const b = mulberry32(2);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(b()).not.toBe(mulberry32(1)());
  });
});
