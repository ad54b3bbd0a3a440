import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../prng.ts';
import { deriveCategory } from './derive.ts';
import { drawCategory, type DrawEntry } from './draw.ts';
import { DEFAULT_SETTINGS, type EntryId } from './rules.ts';
import { buildBracket, seedingPositions } from './structure.ts';

const entries = (n: number, from = 1): DrawEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, weight: 190 }));

/** The first-round pairings of a draw as pairs of entries (a bye: one entry and null). */
function pairings(slots: readonly (EntryId | null)[]) {
  const pairs: [EntryId | null, EntryId | null][] = [];
  for (let i = 0; i < slots.length; i += 2) pairs.push([slots[i]!, slots[i + 1]!]);
  return pairs;
}
const clashes = (slots: readonly (EntryId | null)[], clubs: ReadonlyMap<EntryId, string | null>) =>
  pairings(slots).filter(([a, b]) => a !== null && b !== null && clubs.get(a) && clubs.get(a) === clubs.get(b)).length;

describe('drawCategory by lot', () => {
  test('the same seed and entries always give the same draw, whatever order the entries come in', () => {
    const one = drawCategory(entries(13), { method: 'lot', seed: 20260101 });
    const shuffled = drawCategory([...entries(13)].reverse(), { method: 'lot', seed: 20260101 });
    expect(shuffled).toEqual(one);
    expect(one.seed).toBe(20260101);
    expect(drawCategory(entries(13), { method: 'lot', seed: 20260102 }).order).not.toEqual(one.order);
  });

  test('without a seed, one is picked and answered, and repeats the draw', () => {
    const first = drawCategory(entries(9), { method: 'lot' });
    expect(Number.isInteger(first.seed)).toBe(true);
    expect(drawCategory(entries(9), { method: 'lot', seed: first.seed })).toEqual(first);
  });

  test('an entry that did not weigh in is not drawn', () => {
    const draw = drawCategory([...entries(4), { id: 99, weight: null }], { method: 'lot', seed: 1 });
    expect(draw.order).toHaveLength(4);
    expect(draw.slots).not.toContain(99);
  });

  test('byes go to the first drawn, at most one per pairing, and the draw fits the bracket', () => {
    for (let n = 2; n <= 130; n++) {
      const draw = drawCategory(entries(n), { method: 'lot', seed: n });
      const structure = buildBracket(n, { superFinal: true });
      const state = deriveCategory(structure, draw.slots, {}, DEFAULT_SETTINGS);
      expect(state.byes.map((b) => b.entry).sort((x, y) => x - y)).toEqual(
        draw.order.slice(0, structure.slotCount - n).sort((x, y) => x - y),
      );
      expect(pairings(draw.slots).every(([a, b]) => a !== null || b !== null)).toBe(true);
    }
  });

  test('every athlete is equally likely to be drawn first (the lot is a fair shuffle)', () => {
    const counts = new Map<EntryId, number>();
    for (let seed = 0; seed < 4000; seed++) {
      const first = drawCategory(entries(8), { method: 'lot', seed }).order[0]!;
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    for (const id of entries(8).map((e) => e.id)) expect(counts.get(id)).toBeGreaterThan(400);
  });

  test('refuses fewer than two athletes, a bad seed and an entry twice', () => {
    expect(() => drawCategory(entries(1), { method: 'lot', seed: 1 })).toThrow(
      'A category needs at least 2 athletes who weighed in to be drawn.',
    );
    expect(() =>
      drawCategory(
        [
          { id: 1, weight: 180 },
          { id: 2, weight: null },
        ],
        { method: 'lot', seed: 1 },
      ),
    ).toThrow(RangeError);
    expect(() => drawCategory(entries(4), { method: 'lot', seed: -1 })).toThrow(RangeError);
    expect(() => drawCategory(entries(4), { method: 'lot', seed: 1.5 })).toThrow(RangeError);
    expect(() => drawCategory([...entries(3), { id: 1, weight: 180 }], { method: 'lot', seed: 1 })).toThrow(RangeError);
  });
});

describe('drawCategory by rating', () => {
  test('seeds by rating: 1 meets the lowest, 1 and 2 in opposite halves, byes to the top seeds', () => {
    const ratings = new Map(entries(6).map((e) => [e.id, 100 - e.id])); // 1 strongest, 6 weakest
    const draw = drawCategory(entries(6), { method: 'rating', seed: 3, ratings });
    expect(draw.order).toEqual([1, 2, 3, 4, 5, 6]);
    // 8 slots: seeding positions 1, 8, 4, 5, 2, 7, 3, 6; draw numbers 7 and 8 are byes.
    expect(draw.slots).toEqual([1, null, 4, 5, 2, null, 3, 6]);
  });

  test('ties and unrated athletes follow the lot', () => {
    const ratings = new Map([
      [1, 50],
      [2, 50],
      [3, 50],
      [4, 60],
    ]);
    const lot = drawCategory(entries(6), { method: 'lot', seed: 11 }).order;
    const draw = drawCategory(entries(6), { method: 'rating', seed: 11, ratings });
    expect(draw.order[0]).toBe(4);
    expect(draw.order.slice(1, 4)).toEqual(lot.filter((id) => id <= 3));
    expect(draw.order.slice(4)).toEqual(lot.filter((id) => id >= 5));
  });
});

describe('club mates apart in the first round', () => {
  test('by lot: as few clashes as the numbers allow, on many random draws', () => {
    const random = mulberry32(5);
    for (let run = 0; run < 300; run++) {
      const n = 2 + Math.floor(random() * 40);
      const clubCount = 1 + Math.floor(random() * 6);
      const clubs = new Map(
        entries(n).map((e) => [e.id, random() < 0.15 ? null : `club ${Math.floor(random() * clubCount)}`]),
      );
      const draw = drawCategory(entries(n), { method: 'lot', seed: run, clubs });
      // A club with more athletes than the first round has pairings must clash; no other clash is needed.
      const pairs = seedingPositions(draw.slots.length).length / 2;
      const sizes = new Map<string, number>();
      for (const club of clubs.values()) if (club) sizes.set(club, (sizes.get(club) ?? 0) + 1);
      const unavoidable = [...sizes.values()].reduce((sum, k) => sum + Math.max(0, k - pairs), 0);
      expect(clashes(draw.slots, clubs), `run ${run}: ${n} athletes`).toBe(unavoidable);
      expect([...draw.order].sort((x, y) => x - y)).toEqual(entries(n).map((e) => e.id));
    }
  });

  test('by lot: a draw without clashes is left as the lot made it', () => {
    const clubs = new Map(entries(8).map((e) => [e.id, `club ${e.id}`]));
    expect(drawCategory(entries(8), { method: 'lot', seed: 4, clubs })).toEqual(
      drawCategory(entries(8), { method: 'lot', seed: 4 }),
    );
  });

  test('by rating: only neighbouring seeds swap', () => {
    const ratings = new Map(entries(8).map((e) => [e.id, 100 - e.id]));
    // Seeds 1 and 8 meet in round 1 and share a club: 8 swaps with 7.
    const clubs = new Map<EntryId, string | null>([
      [1, 'Iron'],
      [8, 'Iron'],
    ]);
    const draw = drawCategory(entries(8), { method: 'rating', seed: 1, ratings, clubs });
    expect(draw.order).toEqual([1, 2, 3, 4, 5, 6, 8, 7]);
    expect(clashes(draw.slots, clubs)).toBe(0);
  });

  test('by rating: clashes resolved where neighbours allow, seeds moved by one place at most', () => {
    const random = mulberry32(8);
    for (let run = 0; run < 100; run++) {
      const n = 4 + Math.floor(random() * 28);
      const ratings = new Map(entries(n).map((e) => [e.id, 1000 - e.id]));
      const clubs = new Map(entries(n).map((e) => [e.id, random() < 0.3 ? 'Iron' : `own ${e.id}`]));
      const plain = drawCategory(entries(n), { method: 'rating', seed: run, ratings });
      const apart = drawCategory(entries(n), { method: 'rating', seed: run, ratings, clubs });
      expect(clashes(apart.slots, clubs)).toBeLessThanOrEqual(clashes(plain.slots, clubs));
      apart.order.forEach((id, i) => expect(Math.abs(plain.order.indexOf(id) - i)).toBeLessThanOrEqual(1));
    }
  });
});

describe('speed', () => {
  test('drawing, building and deriving 128 athletes is quick (a smoke check; the bench has the figure)', () => {
    const clubs = new Map(entries(128).map((e) => [e.id, `club ${e.id % 12}`]));
    const times: number[] = [];
    for (let run = 0; run < 7; run++) {
      const started = performance.now();
      const draw = drawCategory(entries(128), { method: 'lot', seed: run, clubs });
      deriveCategory(buildBracket(128, { superFinal: true }), draw.slots, {}, DEFAULT_SETTINGS);
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    // The rule is under 50 ms on a quiet machine; this only catches a slip by an order of magnitude.
    expect(times[3]).toBeLessThan(250);
  });
});
