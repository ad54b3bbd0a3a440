import { describe, expect, it } from 'vitest';
import { matchWinChance } from './win-chance.ts';

describe('matchWinChance', () => {
  it('equal players: 50% at any best-of; best of 1 is the pin chance', () => {
    for (const n of [1, 3, 5, 7]) expect(matchWinChance(0.5, n)).toBeCloseTo(0.5, 12);
    expect(matchWinChance(0.62, 1)).toBeCloseTo(0.62, 12);
  });

  it('matches hand-computed values', () => {
    // Best of 3, p = 0.6: p^2 + 2 p^2 (1 - p) = 0.36 + 0.288.
    expect(matchWinChance(0.6, 3)).toBeCloseTo(0.648, 12);
    // Best of 5, p = 0.6: p^3 (1 + 3 q + 6 q^2) with q = 0.4 = 0.216 x 2.16.
    expect(matchWinChance(0.6, 5)).toBeCloseTo(0.68256, 12);
  });

  it('is symmetric: A and B together make 1; a longer match favours the better puller more', () => {
    for (const p of [0.1, 0.37, 0.8]) {
      for (const n of [1, 3, 5, 7]) expect(matchWinChance(p, n) + matchWinChance(1 - p, n)).toBeCloseTo(1, 12);
    }
    expect(matchWinChance(0.6, 7)).toBeGreaterThan(matchWinChance(0.6, 5));
  });
});
