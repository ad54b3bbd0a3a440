import { describe, expect, test } from 'vitest';
import {
  buildBracket,
  CROSSINGS_FOUND,
  losersCrossing,
  searchCrossing,
  seedingPositions,
  type BracketStructure,
} from './structure.ts';
import { category, playOut, randomChooser } from './engine.test-kit.ts';

const sizes = Array.from({ length: 129 }, (_, i) => i + 2);
const roundOf = (code: string) => code.split('-')[0]!;

describe('buildBracket', () => {
  test.each(sizes)('%i athletes: 2N - 2 matches, 2N - 1 with the super final, and P - N byes', (n) => {
    const plain = buildBracket(n, { superFinal: false });
    const withSuper = buildBracket(n, { superFinal: true });
    expect(plain.matches).toHaveLength(2 * n - 2);
    expect(withSuper.matches).toHaveLength(2 * n - 1);
    expect(withSuper.matches.at(-1)?.code).toBe('F2');
    expect(plain.byes).toHaveLength(plain.slotCount - n);
    expect(plain.byeSlots).toHaveLength(plain.slotCount - n);
    expect(plain.slotCount).toBeGreaterThanOrEqual(n);
    expect(plain.slotCount / 2).toBeLessThan(n);
  });

  test.each(sizes)('%i athletes: every source comes earlier in play order, every athlete has one way on', (n) => {
    const s = buildBracket(n, { superFinal: true });
    const wrong: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) wrong.push(what);
    };
    const seen = new Set<string>();
    const used = new Set<string>();
    for (const m of s.matches) {
      for (const source of [m.a, m.b]) {
        const key = source.from === 'slot' ? `slot ${source.slot}` : `${source.from} ${source.match}`;
        if (source.from !== 'slot')
          check(seen.has(source.match), `${m.code} takes from ${source.match}, not played yet`);
        if (m.code !== 'F2') {
          check(!used.has(key), `${key} feeds two matches`);
          used.add(key);
        }
      }
      seen.add(m.code);
    }
    // Every winner goes on (but the final's); every winners'-bracket loser drops once; losers'-bracket losers are out.
    for (const m of s.matches) {
      if (m.bracket === 'F') continue;
      check(used.has(`winner ${m.code}`) && m.winnerTo !== null, `the winner of ${m.code} goes nowhere`);
      const drops = m.bracket === 'W';
      check(used.has(`loser ${m.code}`) === drops && (m.loserTo !== null) === drops, `the loser of ${m.code}`);
    }
    // Every athlete drawn (slot not a bye) plays first in exactly one place: a match, or a bye's next match.
    const byeAthletes = new Set(s.byes.map((b) => b.slot));
    for (let slot = 0; slot < s.slotCount; slot++) {
      const plays = used.has(`slot ${slot}`) || byeAthletes.has(slot);
      check(plays === !s.byeSlots.includes(slot), `slot ${slot}`);
    }
    expect(wrong).toEqual([]);
  });

  test.each(sizes)('%i athletes: at most one bye per pairing, so no winners round 2 pairing lacks an athlete', (n) => {
    const s = buildBracket(n, { superFinal: false });
    const byeDraws = s.byeSlots.map((slot) => seedingPositions(s.slotCount)[slot]!);
    // The byes are draw numbers N + 1 to P, so they face draw numbers 1 to P - N: the top drawn.
    expect(byeDraws.sort((x, y) => x - y)).toEqual(Array.from({ length: s.slotCount - n }, (_, i) => n + 1 + i));
    for (const bye of s.byes) expect(s.byeSlots.includes(bye.slot ^ 1)).toBe(true);
    expect(new Set(s.byes.map((b) => b.code)).size).toBe(s.byes.length);
    const w2 = s.matches.filter((m) => roundOf(m.code) === 'W2');
    if (s.slotCount >= 4) expect(w2).toHaveLength(s.slotCount / 4);
  });

  test.each(sizes)(
    '%i athletes: only winners round 1 losers pass a losers round unplayed, unless over a quarter are byes',
    (n) => {
      const s = buildBracket(n, { superFinal: false });
      const count = (round: string) => s.matches.filter((m) => roundOf(m.code) === round).length;
      // From losers' round 2 on, every pairing is a match, so an athlete who had a bye (and so drops in at round 2
      // or later) never goes through a losers' round without a match; with more byes some must.
      const rounds = Math.log2(s.slotCount);
      for (let k = 2; k <= 2 * (rounds - 1); k++) {
        const full = s.slotCount / 2 ** (Math.ceil(k / 2) + 1);
        if (k > 2 || s.byes.length <= s.slotCount / 4) expect(count(`L${k}`), `L${k}`).toBe(full);
        else expect(count(`L${k}`)).toBeLessThan(full);
      }
    },
  );

  test.each(sizes)('%i athletes: losers rounds give places 3 to N, shared within a round', (n) => {
    const s = buildBracket(n, { superFinal: false });
    const places = s.matches.flatMap((m) => (m.loserPlaces ? [m.loserPlaces] : []));
    expect(places).toHaveLength(n - 2);
    const sorted = places.map((p) => p.place).sort((x, y) => x - y);
    sorted.forEach((place, i) => expect(place).toBeLessThanOrEqual(i + 3));
    for (const p of places) expect(p.last - p.place + 1).toBe(places.filter((q) => q.place === p.place).length);
  });

  test('8 athletes: the full bracket, its crossing and its places', () => {
    const s = buildBracket(8, { superFinal: true });
    expect(s.matches.map((m) => m.code)).toEqual([
      'W1-1',
      'W1-2',
      'W1-3',
      'W1-4',
      'L1-1',
      'L1-2',
      'W2-1',
      'W2-2',
      'L2-1',
      'L2-2',
      'W3-1',
      'L3-1',
      'L4-1',
      'F1',
      'F2',
    ]);
    const get = (code: string) => s.byCode.get(code)!;
    // Winners' round 2 losers drop in reversed: W2-1 to L2-2, W2-2 to L2-1.
    expect(get('W2-1').loserTo).toEqual({ match: 'L2-2', side: 'B' });
    expect(get('W2-2').loserTo).toEqual({ match: 'L2-1', side: 'B' });
    expect(get('W1-3').loserTo).toEqual({ match: 'L1-2', side: 'A' });
    expect(get('W3-1').loserTo).toEqual({ match: 'L4-1', side: 'B' });
    expect(get('L4-1').winnerTo).toEqual({ match: 'F1', side: 'B' });
    expect(get('F1').a).toEqual({ from: 'winner', match: 'W3-1' });
    expect(get('F2').b).toEqual({ from: 'winner', match: 'L4-1' });
    expect(['L4-1', 'L3-1', 'L2-1', 'L2-2', 'L1-1', 'L1-2'].map((c) => get(c).loserPlaces)).toEqual([
      { place: 3, last: 3 },
      { place: 4, last: 4 },
      { place: 5, last: 6 },
      { place: 5, last: 6 },
      { place: 7, last: 8 },
      { place: 7, last: 8 },
    ]);
  });

  test('2 athletes: one match, then the final against its loser', () => {
    const s = buildBracket(2, { superFinal: true });
    expect(s.matches.map((m) => m.code)).toEqual(['W1-1', 'F1', 'F2']);
    expect(s.byCode.get('F1')!.b).toEqual({ from: 'loser', match: 'W1-1' });
  });

  test('5 athletes: three byes; the losers-bracket pairings that can hold one athlete collapse', () => {
    const s = buildBracket(5, { superFinal: false });
    expect(s.matches.map((m) => m.code)).toEqual(['W1-2', 'W2-1', 'W2-2', 'L2-1', 'W3-1', 'L3-1', 'L4-1', 'F1']);
    expect(s.byes.map((b) => b.code)).toEqual(['W1-1', 'W1-3', 'W1-4']);
    // L1-1 held only the loser of W1-2: that athlete goes straight to L2-1.
    expect(s.byCode.get('L2-1')!.a).toEqual({ from: 'loser', match: 'W1-2' });
    // L2-2 held only the loser of W2-1: straight to L3-1.
    expect(s.byCode.get('L3-1')!.b).toEqual({ from: 'loser', match: 'W2-1' });
  });

  test('play order: W1, L1, W2, L2, then each winners round with the two losers rounds it feeds', () => {
    const s = buildBracket(16, { superFinal: true });
    const rounds = [...new Set(s.matches.map((m) => roundOf(m.code)))];
    expect(rounds).toEqual(['W1', 'L1', 'W2', 'L2', 'W3', 'L3', 'L4', 'W4', 'L5', 'L6', 'F1', 'F2']);
    expect(s.matches.map((m) => m.order)).toEqual(s.matches.map((_, i) => i));
  });

  test('a bracket needs two athletes', () => {
    expect(() => buildBracket(1, { superFinal: true })).toThrow(RangeError);
    expect(() => buildBracket(2.5, { superFinal: true })).toThrow(RangeError);
  });
});

describe('seedingPositions', () => {
  test('1 meets the last, 1 and 2 are in opposite halves', () => {
    expect(seedingPositions(2)).toEqual([1, 2]);
    expect(seedingPositions(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const sixteen = seedingPositions(16);
    expect(sixteen.indexOf(1)).toBeLessThan(8);
    expect(sixteen.indexOf(2)).toBeGreaterThanOrEqual(8);
  });
});

describe('losers bracket crossing', () => {
  test('the crossings written down for 2 to 256 slots are what the search finds', () => {
    for (const [slots, written] of Object.entries(CROSSINGS_FOUND)) {
      expect(searchCrossing(Number(slots)), `${slots} slots`).toEqual(written);
    }
    expect(Object.keys(CROSSINGS_FOUND).map(Number)).toEqual([2, 4, 8, 16, 32, 64, 128, 256]);
    // A size not written down is searched.
    expect(losersCrossing(512)).toEqual(searchCrossing(512));
  });

  test('up to 16 slots it is the standard one: reversed every other round', () => {
    expect(losersCrossing(4)).toEqual(['reversed']);
    expect(losersCrossing(8)[0]).toBe('reversed');
    expect(losersCrossing(16)).toEqual(['reversed', 'natural', 'reversed']);
  });

  test('from 32 slots it is chosen per round, fixed for each bracket size', () => {
    expect(losersCrossing(32)).toEqual(['reversed', 'reversed_halves', 'reversed', 'reversed']);
    expect(losersCrossing(128)).toEqual([
      'reversed',
      'half_shifted',
      'reversed_halves',
      'reversed',
      'natural',
      'reversed',
    ]);
    expect(losersCrossing(256)).toHaveLength(7);
  });

  /** Each meeting of two athletes after a first one in the winners' bracket: [first W round, later L round, last L round]. */
  function rematches(s: BracketStructure, state: ReturnType<typeof playOut>): [number, number, number][] {
    const first = new Map<string, number>();
    const lastLosersRound = Math.max(0, ...s.matches.filter((m) => m.bracket === 'L').map((m) => m.round));
    const found: [number, number, number][] = [];
    for (const m of state.matches) {
      const key = [m.a, m.b].sort((x, y) => x! - y!).join('-');
      const r = first.get(key);
      if (r !== undefined && m.spec.bracket === 'L') found.push([r, m.spec.round, lastLosersRound]);
      if (r === undefined && m.spec.bracket === 'W') first.set(key, m.spec.round);
    }
    return found;
  }

  test.each(sizes.filter((n) => n >= 4))(
    '%i athletes: nobody meets an opponent they beat in winners round r again in losers round 2r (where the loser of winners round r + 1 drops in), but in the losers final',
    (n) => {
      const early: string[] = [];
      for (let run = 0; run < 4; run++) {
        const state = playOut(category(n, { super_final: false }, run + 1), randomChooser(run * 31 + n, 0));
        for (const [r, k, last] of rematches(state.structure, state)) {
          if (k !== last && k === 2 * r) early.push(`winners round ${r} opponents met again in losers round ${k}`);
        }
      }
      expect(early).toEqual([]);
    },
  );

  test.each([9, 12, 16, 17, 24, 32, 33, 48, 64, 65, 100, 128])(
    '%i athletes: first-round opponents meet again no earlier than losers round 4 (16 slots) or 5 (32 slots and up)',
    (n) => {
      const earliest = n <= 16 ? 4 : 5;
      const met: number[] = [];
      for (let run = 0; run < 12; run++) {
        const state = playOut(category(n, { super_final: false }, run + 7), randomChooser(run * 17 + n, 0));
        for (const [r, k] of rematches(state.structure, state)) if (r === 1) met.push(k);
      }
      expect(met.filter((k) => k < earliest)).toEqual([]);
    },
  );
});
