/**
 * A small seeded PRNG (mulberry32): the same seed gives the same numbers in [0, 1), everywhere. Shared because
 * the demo data, the tests and the tournament draw (whose seed is stored and shown, so a lot draw can be checked
 * and repeated on any device) must all draw the same numbers from the same seed.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
