/**
 * The draw: who goes in which slot of a category's bracket. By lot (the default) or by rating; either way a
 * seeded PRNG decides, and the seed is kept with the draw, so anyone can repeat it and get the same bracket.
 */
import { mulberry32 } from '../prng.ts';
import type { EntryId } from './rules.ts';
import { MIN_ATHLETES, seedingPositions, slotCountFor } from './structure.ts';

export const DRAW_METHODS = ['lot', 'rating'] as const;
export type DrawMethod = (typeof DRAW_METHODS)[number];

export interface DrawEntry {
  id: EntryId;
  /** The weight at the weigh-in, lbs; null: did not weigh in, so not drawn. */
  weight: number | null;
}

export interface DrawOptions {
  method: DrawMethod;
  /** A 32-bit unsigned integer; without one, one is picked (and answered). */
  seed?: number;
  /** Rating draw: each entry's current skill on the category's hand; entries without one go last. */
  ratings?: ReadonlyMap<EntryId, number>;
  /** Each entry's club, to keep club mates apart in the first round. */
  clubs?: ReadonlyMap<EntryId, string | null>;
}

export interface Draw {
  method: DrawMethod;
  seed: number;
  /** Entries by draw number: `order[0]` was drawn first (by lot) or is the top seed (by rating). */
  order: EntryId[];
  /** The entry in each slot of the bracket (see `buildBracket`), null for a bye. */
  slots: (EntryId | null)[];
}

/** A fresh seed from the platform's random source (browser and Node alike). */
export const randomSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]!;

/** The entries that weighed in, the only ones drawn, in canonical order (by id). */
export const drawnEntries = (entries: readonly DrawEntry[]): EntryId[] =>
  entries
    .filter((e) => e.weight !== null)
    .map((e) => e.id)
    .sort((x, y) => x - y);

/**
 * Draws a category. The entries that weighed in are put in canonical order (by id), then shuffled by the seed:
 * that is the lot. By rating, the lot only breaks ties (and orders those without a rating). Draw numbers go to
 * slots by standard seeding positions, so the first P - N drawn (by rating: the top seeds) get the byes, 1 and
 * 2 are in opposite halves, 1 meets the last drawn, and so on. Club mates are then kept apart in the first round
 * where the numbers allow: by lot, an athlete facing a club mate swaps places with another (one not on a bye
 * first); by rating, only with a neighbouring seed, and each athlete at most once, so no seed moves more than one place.
 */
export function drawCategory(entries: readonly DrawEntry[], options: DrawOptions): Draw {
  const drawn = drawnEntries(entries);
  if (new Set(drawn).size !== drawn.length) throw new RangeError('An entry is in the draw twice.');
  if (drawn.length < MIN_ATHLETES) {
    throw new RangeError(`A category needs at least ${MIN_ATHLETES} athletes who weighed in to be drawn.`);
  }
  const seed = options.seed ?? randomSeed();
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`Not a draw seed: ${seed}`);

  const random = mulberry32(seed);
  const lot = [...drawn];
  for (let i = lot.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [lot[i], lot[j]] = [lot[j]!, lot[i]!];
  }
  let order = lot;
  if (options.method === 'rating') {
    const rank = new Map(lot.map((id, i) => [id, i]));
    const rating = (id: EntryId) => options.ratings?.get(id) ?? -Infinity;
    order = [...lot].sort((x, y) => rating(y) - rating(x) || rank.get(x)! - rank.get(y)!);
  }
  const positions = seedingPositions(slotCountFor(order.length));
  if (options.clubs) keepClubsApart(order, positions.length, options.clubs, options.method);
  return { method: options.method, seed, order, slots: positions.map((d) => order[d - 1] ?? null) };
}

/**
 * Swaps athletes (by draw number) so that club mates meet in the first round only where they must. Draw index
 * i (0-based) meets `slots - 1 - i`, or has a bye when that is past the last athlete. Every swap clears a
 * pairing and creates no new one, so this ends; by lot it reaches the fewest clashes possible (a club with more
 * athletes than the round has pairings must clash), by rating it may stop earlier.
 */
function keepClubsApart(
  order: EntryId[],
  slots: number,
  clubs: ReadonlyMap<EntryId, string | null>,
  method: DrawMethod,
) {
  const n = order.length;
  const club = (i: number) => clubs.get(order[i]!) ?? null;
  const partner = (i: number) => (slots - 1 - i < n ? slots - 1 - i : null);
  const clashes = (i: number, j: number | null) => j !== null && club(i) !== null && club(i) === club(j);
  /** Whether moving the athlete at `from` to `to` (and back) leaves neither pairing clashing. */
  const swapClears = (from: number, to: number, stay: number) => {
    const toPartner = partner(to);
    const clubFrom = club(from);
    const clubTo = club(to);
    if (to === stay || to === from || toPartner === from) return false;
    const clearHere = clubTo === null || clubTo !== club(stay);
    const clearThere = toPartner === null || clubFrom === null || clubFrom !== club(toPartner);
    return clearHere && clearThere;
  };
  const swapped = new Set<number>();
  for (let pass = 0, moved = true; moved && pass <= n; pass++) {
    moved = false;
    for (let i = 0; i < slots / 2; i++) {
      const j = partner(i);
      if (j === null || !clashes(i, j)) continue;
      const choices: [number, number, number][] =
        method === 'rating'
          ? [
              [j, j + 1, i],
              [j, j - 1, i],
              [i, i + 1, j],
              [i, i - 1, j],
            ]
          : [
              // By lot, anyone: first those not on a bye (so the lot's byes stay), from the next draw number on.
              ...rotate(n, j)
                .filter((k) => partner(k) !== null)
                .map((k): [number, number, number] => [j, k, i]),
              ...rotate(n, j)
                .filter((k) => partner(k) === null)
                .map((k): [number, number, number] => [j, k, i]),
            ];
      const free = (k: number) => method !== 'rating' || !swapped.has(k);
      const swap = choices.find(
        ([from, to, stay]) => to >= 0 && to < n && free(from) && free(to) && swapClears(from, to, stay),
      );
      if (!swap) continue;
      const [from, to] = swap;
      [order[from], order[to]] = [order[to]!, order[from]!];
      swapped.add(from).add(to);
      moved = true;
    }
  }
}

/** 0 .. n - 1, starting after `start`. */
const rotate = (n: number, start: number) => Array.from({ length: n }, (_, k) => (start + 1 + k) % n);
