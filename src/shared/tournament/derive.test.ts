import { describe, expect, test } from 'vitest';
import { type CategoryState, deriveCategory, loserEntry, type MatchState, winnerEntry } from './derive.ts';
import { DEFAULT_SETTINGS, type EntryId, type MatchResult, type Side } from './rules.ts';
import { buildBracket } from './structure.ts';
import { category, lossesOf, playOut, randomChooser, result } from './engine.test-kit.ts';

const sizes = Array.from({ length: 129 }, (_, i) => i + 2);

/** Records results one by one by code; the winner given as the entry who wins. */
function record(state: CategoryState, wins: [code: string, winner: EntryId, method?: MatchResult['method']][]) {
  let results = { ...state.results };
  for (const [code, winner, method] of wins) {
    const m = deriveCategory(state.structure, state.slots, results, state.settings).byCode.get(code)!;
    expect(m.status, `${code} is ready`).toBe('ready');
    expect([m.a, m.b], `${winner} is in ${code}`).toContain(winner);
    results = { ...results, [code]: result(m, m.a === winner ? 'A' : 'B', method) };
  }
  return deriveCategory(state.structure, state.slots, results, state.settings);
}

/**
 * The properties every played-out category has, whatever the outcomes. Per-match checks collect what is wrong and
 * assert once (thousands of separate assertions per category would make these tests slow).
 */
function expectSound(state: CategoryState) {
  const n = state.structure.size;
  const wrong: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) wrong.push(what);
  };
  expect(state.finished).toBe(true);
  expect(state.void).toEqual([]);
  const f1 = state.byCode.get('F1')!;
  const pulled = state.structure.superFinal && f1.winner === 'B';
  expect(state.matches).toHaveLength(2 * n - 2 + (pulled ? 1 : 0));
  expect(state.byCode.has('F2')).toBe(pulled);

  // Nobody plays after a second loss; everyone but the champion leaves with exactly two.
  const losses = new Map<EntryId, number>();
  for (const m of state.matches) {
    for (const e of [m.a!, m.b!]) check((losses.get(e) ?? 0) < 2, `${e} plays ${m.code} after two losses`);
    const loser = loserEntry(m)!;
    losses.set(loser, (losses.get(loser) ?? 0) + 1);
  }
  // (The champion lost once if the losers' bracket champion won the final; with no super final, so did 2nd.)
  const entries = state.slots.filter((e): e is EntryId => e !== null);
  const finalToB = f1.winner === 'B';
  const second = loserEntry(pulled ? state.byCode.get('F2')! : f1);
  for (const e of entries) {
    const expected = e === state.champion ? (finalToB ? 1 : 0) : e === second && finalToB && !pulled ? 1 : 2;
    check((losses.get(e) ?? 0) === expected, `${e} has ${losses.get(e) ?? 0} losses, not ${expected}`);
  }
  expect(lossesOf(state)).toEqual(new Map([...losses].filter(([, l]) => l > 0)));

  // Byes: P - N of them, one athlete each, never a match, nobody twice.
  expect(state.byes).toHaveLength(state.structure.slotCount - n);
  expect(new Set(state.byes.map((b) => b.entry)).size).toBe(state.byes.length);
  const inRoundOne = new Set(
    state.matches.filter((m) => m.spec.round === 1 && m.spec.bracket === 'W').flatMap((m) => [m.a, m.b]),
  );
  for (const bye of state.byes) check(!inRoundOne.has(bye.entry), `${bye.entry} had a bye and a round 1 match`);

  // Someone who left loses every later match the same way, without it being pulled (if both left: the first).
  const leftAt = (e: EntryId) => {
    const left = state.left.get(e);
    return left ? state.byCode.get(left.match)!.spec.order : Infinity;
  };
  for (const m of state.matches) {
    const [a, b] = [leftAt(m.a!), leftAt(m.b!)];
    if (Math.min(a, b) >= m.spec.order) {
      check(!m.auto, `${m.code} is decided without being pulled`);
      continue;
    }
    const loser = a <= b ? m.a! : m.b!;
    check(loserEntry(m) === loser && m.auto, `${loser}, who left, does not lose ${m.code} automatically`);
    check(m.method === state.left.get(loser)!.method, `${m.code} is not lost the way ${loser} left`);
  }
  expect(wrong).toEqual([]);

  // Places: 1st and 2nd from the deciding final, then the losers' rounds; the disqualified get none.
  const deciding = pulled ? state.byCode.get('F2')! : f1;
  const expected = [
    { entry: winnerEntry(deciding)!, place: 1, last: 1 },
    { entry: loserEntry(deciding)!, place: 2, last: 2 },
    ...state.matches.flatMap((m) => (m.spec.loserPlaces ? [{ entry: loserEntry(m)!, ...m.spec.loserPlaces }] : [])),
  ].filter((p) => state.left.get(p.entry)?.method !== 'dq');
  const byPlace = (x: { entry: number; place: number }, y: { entry: number; place: number }) =>
    x.place - y.place || x.entry - y.entry;
  expect(state.places).toEqual(expected.sort(byPlace));
  expect(state.champion).toBe(winnerEntry(deciding));
  expect(state.championPath.at(-1)).toBe(deciding.code);
}

describe('deriveCategory, every size and sampled outcomes', () => {
  test.each(sizes)('%i athletes, super final on: sound whatever happens', (n) => {
    for (let run = 0; run < 4; run++) expectSound(playOut(category(n, {}, run + 1), randomChooser(1000 * n + run)));
  });

  test.each(sizes)('%i athletes, super final off: one final decides', (n) => {
    for (let run = 0; run < 2; run++) {
      const state = playOut(category(n, { super_final: false }, run + 50), randomChooser(77 * n + run));
      expectSound(state);
      expect(state.byCode.has('F2')).toBe(false);
    }
  });

  test('every outcome pattern of 2 to 6 athletes (winners only)', () => {
    for (let n = 2; n <= 6; n++) {
      let finals = 0;
      let superFinals = 0;
      const explore = (state: CategoryState) => {
        const next = state.matches.find((m) => m.status === 'ready');
        if (!next) {
          expectSound(state);
          finals++;
          if (state.byCode.has('F2')) superFinals++;
          return;
        }
        for (const side of ['A', 'B'] as const) {
          const results = { ...state.results, [next.code]: result(next, side) };
          explore(deriveCategory(state.structure, state.slots, results, state.settings));
        }
      };
      explore(category(n));
      // 2N - 3 decisions before the final; then the final ends it (A) or pulls the super final (B, two ways).
      expect(finals).toBe(3 * 2 ** (2 * n - 3));
      expect(superFinals).toBe(2 * 2 ** (2 * n - 3));
    }
  });
});

describe('deriveCategory, cases', () => {
  test('a new category: round 1 ready, byes go straight on, the rest waits', () => {
    const state = category(5);
    expect(state.matches.map((m) => `${m.code} ${m.status}`)).toEqual([
      'W1-2 ready',
      'W2-1 waiting',
      'W2-2 ready', // both of its athletes had byes
      'L2-1 waiting',
      'W3-1 waiting',
      'L3-1 waiting',
      'L4-1 waiting',
      'F1 waiting',
    ]);
    const w21 = state.byCode.get('W2-1')!;
    expect(w21.a).toBe(state.byes[0]!.entry);
    expect(w21.b).toBeNull();
    expect(state.places).toEqual([]);
    expect(state.finished).toBe(false);
  });

  test('4 athletes played out: places, champion and path', () => {
    const s = category(4, { super_final: true });
    const [p1, p4, p2, p3] = s.slots as EntryId[]; // slots hold draw numbers 1, 4, 2, 3
    const done = record(s, [
      ['W1-1', p1!],
      ['W1-2', p2!],
      ['L1-1', p3!],
      ['W2-1', p1!],
      ['L2-1', p2!],
      ['F1', p2!], // the losers' bracket champion wins: super final
      ['F2', p1!],
    ]);
    expect(done.finished).toBe(true);
    expect(done.places).toEqual([
      { entry: p1, place: 1, last: 1 },
      { entry: p2, place: 2, last: 2 },
      { entry: p3, place: 3, last: 3 },
      { entry: p4, place: 4, last: 4 },
    ]);
    expect(done.champion).toBe(p1);
    expect(done.championPath).toEqual(['W1-1', 'W2-1', 'F1', 'F2']);
  });

  test('the super final: pulled when the losers bracket champion wins the final, not otherwise, never when off', () => {
    const upTo = (settings: Partial<typeof DEFAULT_SETTINGS>, finalWinner: Side) => {
      const s = playOut(category(3, settings), (m) => (m.code === 'F1' ? null : result(m, 'A')));
      const f1 = s.byCode.get('F1')!;
      return deriveCategory(s.structure, s.slots, { ...s.results, F1: result(f1, finalWinner) }, s.settings);
    };
    const pulled = upTo({}, 'B');
    expect(pulled.byCode.get('F2')?.status).toBe('ready');
    expect(pulled.finished).toBe(false);
    const notPulled = upTo({}, 'A');
    expect(notPulled.byCode.has('F2')).toBe(false);
    expect(notPulled.finished).toBe(true);
    const off = upTo({ super_final: false }, 'B');
    expect(off.byCode.has('F2')).toBe(false);
    expect(off.finished).toBe(true);
    expect(off.champion).toBe(off.byCode.get('F1')!.b);

    // A super final recorded, then the final corrected to the winners' champion: it is no longer a match.
    const f2 = pulled.byCode.get('F2')!;
    const played = deriveCategory(
      pulled.structure,
      pulled.slots,
      { ...pulled.results, F2: result(f2, 'A') },
      pulled.settings,
    );
    const f1 = played.byCode.get('F1')!;
    const corrected = deriveCategory(
      played.structure,
      played.slots,
      { ...played.results, F1: result(f1, 'A') },
      played.settings,
    );
    expect(corrected.byCode.has('F2')).toBe(false);
    expect(corrected.void).toEqual(['F2']);
  });

  test('a withdrawal: every later match of the athlete is lost the same way, nobody waits', () => {
    const s = category(8);
    const w11 = s.byCode.get('W1-1')!;
    const out = w11.b!;
    // The athlete loses W1-1 on a withdrawal: L1-1 is decided as soon as the other W1-2 loser is known.
    const after = record(s, [['W1-1', w11.a!, 'withdrawal']]);
    expect(after.left.get(out)).toEqual({ method: 'withdrawal', match: 'W1-1' });
    expect(after.byCode.get('L1-1')!.status).toBe('waiting');
    const w12 = after.byCode.get('W1-2')!;
    const next = record(after, [['W1-2', w12.a!]]);
    const l11 = next.byCode.get('L1-1')!;
    expect(l11).toMatchObject({ status: 'done', auto: true, method: 'withdrawal', result: null });
    expect(loserEntry(l11)).toBe(out);
    // Out after the second loss, in the first losers' round: 7th to 8th.
    expect(next.places).toEqual([{ entry: out, place: 7, last: 8 }]);
  });

  test('a withdrawal before any loss: the next winners match and the losers match after it are both lost', () => {
    const s = category(4);
    const w11 = s.byCode.get('W1-1')!;
    const quitter = w11.a!;
    const state = playOut(record(s, [['W1-1', quitter]]), (m) =>
      m.code === 'W2-1' ? result(m, m.a === quitter ? 'B' : 'A', 'withdrawal') : result(m, 'A'),
    );
    const ofQuitter = state.matches.filter((m) => m.a === quitter || m.b === quitter).map((m) => m.code);
    expect(ofQuitter).toEqual(['W1-1', 'W2-1', 'L2-1']);
    expect(state.byCode.get('L2-1')).toMatchObject({ auto: true, method: 'withdrawal' });
    expect(state.places.find((p) => p.entry === quitter)).toEqual({ entry: quitter, place: 3, last: 3 });
    expectSound(state);
  });

  test('a disqualification: out of the category, later matches lost by disqualification, no place', () => {
    const s = category(4);
    const w11 = s.byCode.get('W1-1')!;
    const cheat = w11.b!;
    const state = playOut(record(s, [['W1-1', w11.a!, 'dq']]), (m) => result(m, 'A'));
    expect(state.byCode.get('L1-1')).toMatchObject({ auto: true, method: 'dq' });
    expect(state.places.map((p) => p.entry)).not.toContain(cheat);
    expect(state.places.map((p) => p.place)).toEqual([1, 2, 3]); // places are not moved up: 4th is nobody's
    expectSound(state);
  });

  test('two athletes who both left: the one who left first loses', () => {
    const s = category(4);
    const w11 = s.byCode.get('W1-1')!;
    const w12 = s.byCode.get('W1-2')!;
    const state = record(s, [
      ['W1-1', w11.a!, 'withdrawal'],
      ['W1-2', w12.a!, 'dq'],
    ]);
    const l11 = state.byCode.get('L1-1')!;
    expect(l11).toMatchObject({ status: 'done', auto: true, method: 'withdrawal' });
    expect(loserEntry(l11)).toBe(w11.b);
  });

  test('a stored result whose athletes changed upstream is void and the match pulled again', () => {
    const s = category(4);
    const first = playOut(s, (m) => (m.spec.round === 1 && m.spec.bracket === 'W' ? result(m, 'A') : null));
    const w21 = first.byCode.get('W2-1')!;
    const l11 = first.byCode.get('L1-1')!;
    const played = deriveCategory(
      s.structure,
      s.slots,
      { ...first.results, 'W2-1': result(w21, 'A'), 'L1-1': result(l11, 'A') },
      s.settings,
    );
    expect(played.void).toEqual([]);
    const w11 = played.byCode.get('W1-1')!;
    const flipped = deriveCategory(s.structure, s.slots, { ...played.results, 'W1-1': result(w11, 'B') }, s.settings);
    expect(flipped.void).toEqual(['L1-1', 'W2-1']);
    expect(flipped.byCode.get('W2-1')).toMatchObject({ status: 'ready', a: w11.b, result: null });
    expect(flipped.byCode.get('L1-1')).toMatchObject({ status: 'ready', a: w11.a, result: null });
  });

  test('results for codes the bracket does not have, or for matches not ready, are void', () => {
    const s = category(4);
    const w21 = s.byCode.get('W2-1')!;
    const fake = { ...result({ a: 1, b: 2 }, 'A') };
    const state = deriveCategory(s.structure, s.slots, { 'W9-9': fake, [w21.code]: fake }, s.settings);
    expect(state.void).toEqual(['W2-1', 'W9-9']);
  });

  test('the draw must fit the bracket', () => {
    const structure = buildBracket(3, { superFinal: true });
    const ok = [1, null, 2, 3];
    expect(() => deriveCategory(structure, ok, {}, DEFAULT_SETTINGS)).not.toThrow();
    expect(() => deriveCategory(structure, [1, 2, null, 3], {}, DEFAULT_SETTINGS)).toThrow(RangeError);
    expect(() => deriveCategory(structure, [1, null, 2], {}, DEFAULT_SETTINGS)).toThrow(RangeError);
    expect(() => deriveCategory(structure, [1, null, 1, 3], {}, DEFAULT_SETTINGS)).toThrow(RangeError);
  });

  test('each match state names its athletes once known', () => {
    const state = category(6);
    const ready = state.matches.filter((m: MatchState) => m.status === 'ready');
    for (const m of ready) expect(m.a !== null && m.b !== null && m.a !== m.b).toBe(true);
  });
});
