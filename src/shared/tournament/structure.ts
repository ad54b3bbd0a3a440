/**
 * The shape of a category's double-elimination bracket, fixed at the draw: which matches exist, where each
 * match's two athletes come from, where its winner and loser go, and the order they are pulled in. It depends
 * only on the number of athletes drawn and on whether a super final may be pulled, never on results, so the
 * server keys its match rows by category + code and a table device builds the same bracket offline.
 *
 * The full bracket has P slots, P the power of two at or above the number of athletes N; the P - N empty slots
 * are byes. Codes follow the full bracket even where pairings vanish, so a code never moves: `W{round}-{n}`
 * (winners' bracket), `L{round}-{n}` (losers' bracket), `F1` (final), `F2` (super final).
 *
 * What vanishes (see docs/tournament-rules.md, Byes):
 * - a winners' round 1 pairing with one athlete is a bye: not a match; the athlete goes to round 2 with no loss,
 *   and the pairing has no loser to drop down;
 * - a losers'-bracket pairing that can only ever hold one athlete (the other side is fed by a bye) collapses:
 *   the athlete goes straight on to the next losers' round; one that can hold nobody disappears. Neither is a
 *   match nor a bye. Which pairings collapse is known at the draw.
 * Every match left always gets two athletes, so a category of N athletes has exactly 2N - 2 matches (the
 * winners' bracket N - 1, the losers' bracket N - 2, the final), plus the super final when it is pulled.
 */

import type { Side } from './rules.ts';

export type BracketSide = 'W' | 'L' | 'F';

/** Where one athlete of a match comes from: a draw slot, or the winner or loser of an earlier match. */
export type Source =
  { from: 'slot'; slot: number } | { from: 'winner'; match: string } | { from: 'loser'; match: string };

/** Where an athlete goes after a match: the next match and the side they take in it. */
export interface Destination {
  match: string;
  side: Side;
}

export interface MatchSpec {
  /** Stable key of the match within its category, e.g. `W1-3`, `L2-1`, `F1`, `F2`. */
  code: string;
  bracket: BracketSide;
  /** Round within its bracket, from 1 (the final is F round 1, the super final F round 2). */
  round: number;
  /** Position within its round of the full bracket, from 1 (gaps where pairings vanished). */
  position: number;
  a: Source;
  b: Source;
  /** Where the winner goes; null after the final and the super final (see `deriveCategory`). */
  winnerTo: Destination | null;
  /** Where the loser drops to (winners' bracket only); null when the loss is the athlete's second. */
  loserTo: Destination | null;
  /** Losers'-bracket matches: the places the loser shares (e.g. 5 to 6); null elsewhere. */
  loserPlaces: { place: number; last: number } | null;
  /** 0-based position in the category's play order. */
  order: number;
}

/** A winners' round 1 pairing with one athlete: the athlete in `slot` goes on to `winnerTo` without a match. */
export interface ByeSpec {
  code: string;
  slot: number;
  winnerTo: Destination;
}

export interface BracketStructure {
  /** Athletes drawn (N). */
  size: number;
  /** Slots in the full bracket (P, a power of two >= N). */
  slotCount: number;
  superFinal: boolean;
  /** Every match, the super final last (when `superFinal`), in play order. */
  matches: readonly MatchSpec[];
  byCode: ReadonlyMap<string, MatchSpec>;
  byes: readonly ByeSpec[];
  /** The slots left empty (byes), ascending. */
  byeSlots: readonly number[];
  /** `slotOfDraw[d - 1]` is the slot of the athlete drawn d-th (draw number d, from 1 to N). */
  slotOfDraw: readonly number[];
}

export const MIN_ATHLETES = 2;

/** The slots of a bracket for `size` athletes: the power of two at or above it (at least 2). */
export function slotCountFor(size: number): number {
  let slots = 2;
  while (slots < size) slots *= 2;
  return slots;
}

/**
 * Standard seeding positions for a bracket of `slots` (a power of two): `positions[k]` is the draw number (1 =
 * first drawn or top seed) placed in slot k. Draw numbers d and slots + 1 - d meet in round 1; 1 and 2 can meet
 * only in the last round, 1 to 4 only in the semi-finals, and so on. The byes, draw numbers N + 1 to P, face
 * draw numbers 1 to P - N: at most one bye per pairing, spread evenly over the bracket.
 */
export function seedingPositions(slots: number): number[] {
  let positions = [1];
  while (positions.length < slots) {
    const size = positions.length * 2;
    positions = positions.flatMap((p) => [p, size + 1 - p]);
  }
  return positions;
}

/** The orders in which a winners' round's losers may drop into their losers' round (see `losersCrossing`). */
export const CROSSINGS = {
  /** The first loser meets the last losers' pairing: the standard crossing. */
  reversed: (count: number, position: number) => count + 1 - position,
  natural: (_count: number, position: number) => position,
  /** The first half meets the second half's pairings, in order. */
  half_shifted: (count: number, position: number) => (count < 2 ? 1 : ((position - 1 + count / 2) % count) + 1),
  /** Each half reversed within itself. */
  reversed_halves: (count: number, position: number) => {
    const half = count / 2;
    return count < 2 ? 1 : position <= half ? half + 1 - position : count + half + 1 - position;
  },
  /** Neighbours swapped: 1 and 2, 3 and 4, ... */
  pair_flipped: (count: number, position: number) => (count < 2 ? 1 : position % 2 ? position + 1 : position - 1),
} as const;
export type Crossing = keyof typeof CROSSINGS;

const crossingCache = new Map<number, readonly Crossing[]>();

/**
 * How the losers of each winners' round from 2 on drop into the losers' bracket, for a bracket of `slotCount`
 * slots: `[crossing of W2, crossing of W3, ...]` (W1's losers always meet each other in order).
 *
 * The rule says losers drop in crossed order so that early rematches are as rare as the bracket allows. Plain
 * "reversed every other round" does that up to 16 slots, but from 32 on it lets winners' round 1 opponents meet
 * again in losers' round 4 (about once per 64 athletes, twice in a 128 bracket). So each round's crossing is
 * chosen here, in order W2, W3, ..., from the five above: the one that leaves the fewest possible rematches, the
 * nearest first (a rematch in the round the athlete drops into counts before one a round later, and so on),
 * ties to the earlier in the list. It depends on the slot count only, so the structure stays fixed at the draw.
 * For 4 to 16 slots it is exactly reversed, natural, reversed; see docs/decisions/0008-bracket-engine.md.
 */
export function losersCrossing(slotCount: number): readonly Crossing[] {
  const cached = crossingCache.get(slotCount) ?? CROSSINGS_FOUND[slotCount];
  if (cached) return cached;
  const found = searchCrossing(slotCount);
  crossingCache.set(slotCount, found);
  return found;
}

/**
 * `searchCrossing`'s answers for the bracket sizes a category has (2 to 256 slots), written down: the search is
 * the slow part of building a bracket (about 20 ms for 128 slots at full speed, 70 ms on a slow phone, the first
 * time a page draws one), and its answer depends on the slot count only. structure.test.ts checks that each is
 * still what the search finds.
 */
export const CROSSINGS_FOUND: Readonly<Record<number, readonly Crossing[]>> = {
  2: [],
  4: ['reversed'],
  8: ['reversed', 'reversed'],
  16: ['reversed', 'natural', 'reversed'],
  32: ['reversed', 'reversed_halves', 'reversed', 'reversed'],
  64: ['reversed', 'half_shifted', 'reversed_halves', 'reversed', 'reversed'],
  128: ['reversed', 'half_shifted', 'reversed_halves', 'reversed', 'natural', 'reversed'],
  256: ['reversed', 'half_shifted', 'reversed_halves', 'pair_flipped', 'reversed', 'natural', 'reversed'],
};

/** The search `losersCrossing` describes, for any slot count. */
export function searchCrossing(slotCount: number): readonly Crossing[] {
  const rounds = Math.log2(slotCount);
  const region = (round: number, position: number) => {
    const size = 2 ** round;
    return Array.from({ length: size }, (_, k) => (position - 1) * size + k);
  };
  // For each losers'-bracket pairing about to meet the next drop: who may be there (by draw slot), each with
  // the winners' round of their first loss (the latest, if more than one path leads there).
  let survivors = Array.from({ length: slotCount / 4 }, (_, j) => new Map(region(2, j + 1).map((x) => [x, 1])));
  const chosen: Crossing[] = [];
  for (let r = 2; r <= rounds; r++) {
    const count = slotCount / 2 ** r;
    let best: { crossing: Crossing; cost: number[]; next: Map<number, number>[] } | null = null;
    for (const crossing of Object.keys(CROSSINGS) as Crossing[]) {
      const dropped: number[][] = [];
      for (let j = 1; j <= count; j++) dropped[CROSSINGS[crossing](count, j) - 1] = region(r, j);
      // cost[g]: possible rematches, in losers' round 2t + g, of athletes who first met in winners' round t (g = 0:
      // the round the winner of that meeting drops into on losing the next winners' round), here and one round on.
      const cost = new Array<number>(2 * rounds).fill(0);
      const rematch = (from: number[], into: Map<number, number>, later: number) => {
        for (const x of from) {
          const lostIn = into.get(x);
          if (lostIn !== undefined) cost[2 * (r - 1) + later - 2 * lostIn]! += 1;
        }
      };
      for (let i = 0; i < count; i++) rematch(dropped[i]!, survivors[i]!, 0);
      for (let i = 0; i + 1 < count; i += 2) {
        rematch(dropped[i]!, survivors[i + 1]!, 1);
        rematch(dropped[i + 1]!, survivors[i]!, 1);
      }
      const met = survivors.map((s, i) => mergeLatest(s, new Map(dropped[i]!.map((x) => [x, r]))));
      const next =
        count > 1 ? Array.from({ length: count / 2 }, (_, i) => mergeLatest(met[2 * i]!, met[2 * i + 1]!)) : met;
      if (!best || isLess(cost, best.cost)) best = { crossing, cost, next };
    }
    chosen.push(best!.crossing);
    survivors = best!.next;
  }
  return chosen;
}

/** Which winners' pairing (position) drops its loser into losers' pairing `position`: the crossing's inverse. */
function dropFrom(crossing: Crossing, count: number, position: number): number {
  for (let j = 1; j <= count; j++) if (CROSSINGS[crossing](count, j) === position) return j;
  throw new Error(`No winners' pairing drops into position ${position}`);
}

function mergeLatest(x: ReadonlyMap<number, number>, y: ReadonlyMap<number, number>): Map<number, number> {
  const merged = new Map(x);
  for (const [k, v] of y) merged.set(k, Math.max(merged.get(k) ?? 0, v));
  return merged;
}

/** Lexicographic order of two cost vectors of the same length. */
function isLess(x: readonly number[], y: readonly number[]): boolean {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
}

/** A pairing of the full bracket before vanishing pairings are taken out; a side is null when nobody can come. */
interface Pairing {
  code: string;
  bracket: BracketSide;
  round: number;
  position: number;
  a: Source | null;
  b: Source | null;
}

const isMatch = (p: Pairing) => p.a !== null && p.b !== null;
/** Who comes out of a pairing as its winner: the match's winner, or the one athlete of a bye or collapse. */
const winnerOf = (p: Pairing): Source | null => (isMatch(p) ? { from: 'winner', match: p.code } : (p.a ?? p.b));
const loserOf = (p: Pairing): Source | null => (isMatch(p) ? { from: 'loser', match: p.code } : null);

export function buildBracket(size: number, options: { superFinal: boolean }): BracketStructure {
  if (!Number.isInteger(size) || size < MIN_ATHLETES) {
    throw new RangeError(`A bracket needs at least ${MIN_ATHLETES} athletes (got ${size}).`);
  }
  const slotCount = slotCountFor(size);
  const rounds = Math.log2(slotCount);
  const positions = seedingPositions(slotCount);
  const slotOfDraw: number[] = [];
  positions.forEach((draw, slot) => (slotOfDraw[draw - 1] = slot));
  const isBye = (slot: number) => positions[slot]! > size;

  const byRound = new Map<string, Pairing[]>();
  const get = new Map<string, Pairing>();
  const add = (p: Pairing) => {
    const key = `${p.bracket}${p.round}`;
    const round = byRound.get(key);
    if (round) round.push(p);
    else byRound.set(key, [p]);
    get.set(p.code, p);
  };
  const at = (code: string) => get.get(code)!;
  const slotSource = (slot: number): Source | null => (isBye(slot) ? null : { from: 'slot', slot });

  const w = (r: number) => slotCount / 2 ** r; // pairings in winners' round r
  for (let i = 1; i <= w(1); i++) {
    add({ code: `W1-${i}`, bracket: 'W', round: 1, position: i, a: slotSource(2 * i - 2), b: slotSource(2 * i - 1) });
  }
  for (let r = 2; r <= rounds; r++) {
    for (let i = 1; i <= w(r); i++) {
      const a = winnerOf(at(`W${r - 1}-${2 * i - 1}`));
      const b = winnerOf(at(`W${r - 1}-${2 * i}`));
      add({ code: `W${r}-${i}`, bracket: 'W', round: r, position: i, a, b });
    }
  }
  // Losers' bracket: round 1 pairs the winners' round 1 losers; round 2m meets the survivors of round 2m - 1
  // with the losers of winners' round m + 1 (crossed); round 2m + 1 pairs the survivors of round 2m.
  const losersRounds = 2 * (rounds - 1);
  const crossing = losersCrossing(slotCount);
  for (let k = 1; k <= losersRounds; k++) {
    const m = Math.ceil(k / 2);
    const count = slotCount / 2 ** (m + 1);
    for (let i = 1; i <= count; i++) {
      let a: Source | null;
      let b: Source | null;
      if (k === 1) {
        a = loserOf(at(`W1-${2 * i - 1}`));
        b = loserOf(at(`W1-${2 * i}`));
      } else if (k % 2 === 0) {
        a = winnerOf(at(`L${k - 1}-${i}`));
        b = loserOf(at(`W${m + 1}-${dropFrom(crossing[m - 1]!, count, i)}`));
      } else {
        a = winnerOf(at(`L${k - 1}-${2 * i - 1}`));
        b = winnerOf(at(`L${k - 1}-${2 * i}`));
      }
      add({ code: `L${k}-${i}`, bracket: 'L', round: k, position: i, a, b });
    }
  }
  const winnersChampion = winnerOf(at(`W${rounds}-1`));
  const losersChampion = rounds === 1 ? loserOf(at('W1-1')) : winnerOf(at(`L${losersRounds}-1`));
  add({ code: 'F1', bracket: 'F', round: 1, position: 1, a: winnersChampion, b: losersChampion });
  if (options.superFinal)
    add({ code: 'F2', bracket: 'F', round: 2, position: 1, a: winnersChampion, b: losersChampion });

  const matches: MatchSpec[] = [];
  const byePairings: Pairing[] = [];
  for (const round of playRounds(rounds)) {
    for (const p of byRound.get(round) ?? []) {
      if (isMatch(p)) {
        // Every field spelled out: spreading the pairing made building a 128 bracket some 30 times slower.
        matches.push({
          code: p.code,
          bracket: p.bracket,
          round: p.round,
          position: p.position,
          a: p.a!,
          b: p.b!,
          winnerTo: null,
          loserTo: null,
          loserPlaces: null,
          order: matches.length,
        });
      } else if (p.bracket === 'W' && (p.a ?? p.b)) byePairings.push(p);
    }
  }
  const byCode = new Map(matches.map((m) => [m.code, m]));
  const slotTo = linkDestinations(matches, byCode);
  const byes = byePairings.map((p): ByeSpec => {
    const slot = ((p.a ?? p.b) as { slot: number }).slot;
    return { code: p.code, slot, winnerTo: slotTo.get(slot)! };
  });
  assignLoserPlaces(matches);
  return {
    size,
    slotCount,
    superFinal: options.superFinal,
    matches,
    byCode,
    byes,
    byeSlots: positions.flatMap((draw, slot) => (draw > size ? [slot] : [])),
    slotOfDraw,
  };
}

/**
 * The rounds in the order they are pulled: W1, L1, W2, L2, then for each later winners' round r, Wr and the two
 * losers' rounds it feeds (W3, L3, L4, W4, L5, L6, ...), then the final and the super final. Every round comes
 * after the rounds it takes athletes from, and an athlete's next round is usually not the very next one pulled,
 * so they rest while another round is pulled.
 */
function playRounds(rounds: number): string[] {
  const order = ['W1'];
  if (rounds >= 2) order.push('L1', 'W2', 'L2');
  for (let r = 3; r <= rounds; r++) order.push(`W${r}`, `L${2 * r - 3}`, `L${2 * r - 2}`);
  return [...order, 'F1', 'F2'];
}

/** Fills each match's `winnerTo` and `loserTo`; answers where each slot's athlete plays first. */
function linkDestinations(matches: MatchSpec[], byCode: ReadonlyMap<string, MatchSpec>): Map<number, Destination> {
  const slotTo = new Map<number, Destination>();
  for (const m of matches) {
    // The super final takes the same two athletes as the final: no match sends anyone to it.
    if (m.code === 'F2') continue;
    for (const [side, source] of [['A', m.a] as const, ['B', m.b] as const]) {
      if (source.from === 'slot') {
        if (!slotTo.has(source.slot)) slotTo.set(source.slot, { match: m.code, side });
        continue;
      }
      const from = byCode.get(source.match)!;
      if (source.from === 'winner') from.winnerTo = { match: m.code, side };
      else from.loserTo = { match: m.code, side };
    }
  }
  return slotTo;
}

/**
 * A losers'-bracket loss is the athlete's second, so the round decides the place: the last losers' round gives
 * 3rd, the one before 4th, and each earlier round the next places, shared by all its losers (5th to 6th, ...).
 */
function assignLoserPlaces(matches: MatchSpec[]) {
  const byRound = new Map<number, MatchSpec[]>();
  for (const m of matches) {
    if (m.bracket !== 'L') continue;
    const round = byRound.get(m.round);
    if (round) round.push(m);
    else byRound.set(m.round, [m]);
  }
  let place = 3;
  for (const round of [...byRound.keys()].sort((x, y) => y - x)) {
    const list = byRound.get(round)!;
    for (const m of list) m.loserPlaces = { place, last: place + list.length - 1 };
    place += list.length;
  }
}
