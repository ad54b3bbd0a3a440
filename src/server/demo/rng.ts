import { mulberry32 } from '../../shared/prng.ts';

/**
 * Seeded draws for the two league generators (the demo's, demo/generate.ts, and the synthetic leagues,
 * ratings/synth.ts): mulberry32 from a 32-bit state. Each generator gives every concern (names, attendance, pins …)
 * a stream of its own, mixing the seed and the stream's number into the state its own way, so its files stay the
 * same for the same seed.
 */
export class Rng {
  private readonly next: () => number;
  constructor(state: number) {
    this.next = mulberry32(state);
  }
  float(): number {
    return this.next();
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  /** An index, drawn in proportion to the weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }
  /** floor(x) plus one more with chance frac(x). */
  round(x: number): number {
    const n = Math.floor(x);
    return n + (this.chance(x - n) ? 1 : 0);
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }
}
