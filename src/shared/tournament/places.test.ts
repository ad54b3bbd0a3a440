import { describe, expect, test } from 'vitest';
import { type CategoryState, deriveCategory, type MatchState } from './derive.ts';
import { category, doubleNoShow, lossesOf, playOut, randomChooser, result } from './engine.test-kit.ts';
import { applyResult, canUndo, undoResult } from './results.ts';
import { placeLabel, type MatchResult } from './rules.ts';
import { placePoints, teamStandings } from './standings.ts';

/** Places as labels by entry, for reading a test's expectation. */
const labels = (state: CategoryState) => state.places.map((p) => placeLabel(p.place, p.last));

const withResult = (state: CategoryState, code: string, r: MatchResult) =>
  deriveCategory(state.structure, state.slots, { ...state.results, [code]: r }, state.settings);

const match = (state: CategoryState, code: string): MatchState => state.byCode.get(code)!;

/** Every athlete entered is placed once, and the places' ranges hold as many athletes as they cover. */
function expectWholePlaces(state: CategoryState) {
  const entries = state.slots.filter((e) => e !== null);
  expect(state.places.map((p) => p.entry).sort((x, y) => x - y)).toEqual([...entries].sort((x, y) => x - y));
  const byRange = new Map<string, number>();
  for (const p of state.places) byRange.set(`${p.place}-${p.last}`, (byRange.get(`${p.place}-${p.last}`) ?? 0) + 1);
  for (const [range, count] of byRange) {
    const [place, last] = range.split('-').map(Number);
    expect(count, range).toBe(last! - place! + 1);
  }
}

describe('places 5 and below', () => {
  test('athletes out in the same losers’ round share its places: 5th–6th, 7th–8th, 9th–12th, 13th–16th', () => {
    const eight = playOut(category(8), (m) => result(m, 'A'));
    expect(labels(eight)).toEqual(['1st', '2nd', '3rd', '4th', '5th–6th', '5th–6th', '7th–8th', '7th–8th']);
    const sixteen = playOut(category(16), (m) => result(m, 'B'));
    expect(labels(sixteen).slice(4)).toEqual([
      ...Array<string>(2).fill('5th–6th'),
      ...Array<string>(2).fill('7th–8th'),
      ...Array<string>(4).fill('9th–12th'),
      ...Array<string>(4).fill('13th–16th'),
    ]);
    expectWholePlaces(sixteen);
  });

  test('a place is known as soon as the athlete is out, before the category finishes', () => {
    let state = category(8);
    state = withResult(state, 'W1-1', result(match(state, 'W1-1'), 'A'));
    state = withResult(state, 'W1-2', result(match(state, 'W1-2'), 'A'));
    state = withResult(state, 'L1-1', result(match(state, 'L1-1'), 'B'));
    expect(state.places).toEqual([{ entry: match(state, 'L1-1').a, place: 7, last: 8 }]);
  });

  test('a shared place splits the points of the places it covers: every place’s points are given, none twice', () => {
    const points = [25, 17, 9, 5, 3, 2];
    expect(placePoints(5, 6, points)).toBe(2.5);
    expect(placePoints(7, 8, points)).toBe(0);
    expect(placePoints(4, 4, points)).toBe(5);
    const sixteen = playOut(category(16), (m) => result(m, 'A'));
    const own = new Map(sixteen.places.map((p) => [p.entry, `club ${p.entry}`]));
    const total = teamStandings([sixteen.places], own, points).reduce((sum, c) => sum + c.points, 0);
    expect(total).toBe(25 + 17 + 9 + 5 + 3 + 2);
  });
});

describe('a double no-show', () => {
  test('both lose: the winners’ bracket goes on without them, and the athletes they fed go through', () => {
    let state = category(8);
    const w11 = match(state, 'W1-1');
    const applied = applyResult(state, 'W1-1', doubleNoShow(w11));
    expect(applied.ok).toBe(true);
    state = applied.ok ? applied.state : state;
    const after = match(state, 'W1-1');
    expect([after.status, after.winner, after.method, after.auto]).toEqual(['done', null, 'no_show', false]);
    expect(lossesOf(state).get(w11.a!)).toBe(1);
    expect(lossesOf(state).get(w11.b!)).toBe(1);
    // Neither is seen again: not in the next winners' match, not in the losers' bracket.
    const later = state.matches.filter((m) => m.code !== 'W1-1');
    expect(later.some((m) => [w11.a, w11.b].some((e) => e === m.a || e === m.b))).toBe(false);
    expect(match(state, 'W2-1').emptyA).toBe(true);
    expect(match(state, 'L1-1').emptyA).toBe(true);

    // Once W1-2 is pulled, its winner goes through W2-1 and its loser through L1-1, neither pulling again.
    const w12 = match(state, 'W1-2');
    state = withResult(state, 'W1-2', result(w12, 'B'));
    const w21 = match(state, 'W2-1');
    expect([w21.status, w21.auto, w21.method, w21.b]).toEqual(['done', true, 'no_show', w12.b]);
    expect(w21.winner).toBe('B');
    const l11 = match(state, 'L1-1');
    expect([l11.status, l11.auto, l11.winner, l11.b]).toEqual(['done', true, 'B', w12.a]);
  });

  test('the category still plays out to a champion, every athlete placed once', () => {
    let state = category(8);
    state = withResult(state, 'W1-1', doubleNoShow(match(state, 'W1-1')));
    state = playOut(state, (m) => result(m, 'A'));
    expect(state.finished).toBe(true);
    expect(state.champion).not.toBeNull();
    expectWholePlaces(state);
    // Out at the first losers' round: the two who did not come and the one loser of L1-2 share 6th–8th; the
    // losers' round 2 match fed by the empty side has no loser, so the other round 2 loser is 5th alone.
    const w11 = match(state, 'W1-1');
    const placeOf = (entry: number | null) => state.places.find((p) => p.entry === entry);
    expect(placeLabel(placeOf(w11.a)!.place, placeOf(w11.a)!.last)).toBe('6th–8th');
    expect(placeLabel(placeOf(w11.b)!.place, placeOf(w11.b)!.last)).toBe('6th–8th');
    expect(labels(state)).toEqual(['1st', '2nd', '3rd', '4th', '5th', '6th–8th', '6th–8th', '6th–8th']);
    const points = [25, 17, 9, 5, 3, 2];
    const own = new Map(state.places.map((p) => [p.entry, `club ${p.entry}`]));
    // 6th–8th share 6th's 2 in thirds, each club's total to the hundredth.
    const total = teamStandings([state.places], own, points).reduce((sum, c) => sum + c.points, 0);
    expect(total).toBeCloseTo(25 + 17 + 9 + 5 + 3 + 2, 1);
  });

  test('in the losers’ bracket both are out there, and the next losers’ match goes to the athlete waiting', () => {
    let state = playOut(category(8), (m) => (m.spec.bracket === 'W' && m.spec.round === 1 ? result(m, 'A') : null));
    const l11 = match(state, 'L1-1');
    state = withResult(state, 'L1-1', doubleNoShow(l11));
    const l21 = match(state, 'L2-1');
    expect(l21.emptyA).toBe(true);
    state = playOut(state, (m) => result(m, 'B'));
    expect(state.finished).toBe(true);
    expectWholePlaces(state);
    const out = state.places.filter((p) => p.entry === l11.a || p.entry === l11.b);
    expect(out.map((p) => placeLabel(p.place, p.last))).toEqual(['6th–8th', '6th–8th']);
  });

  test('not in the final, nor where the loser would play the final: a category needs a champion', () => {
    const two = category(2);
    const refused = applyResult(two, 'W1-1', doubleNoShow(match(two, 'W1-1')));
    expect(refused.ok ? null : refused.error.code).toBe('invalid');
    const atFinal = playOut(category(4), (m) => (m.code === 'F1' ? null : result(m, 'A')));
    expect(match(atFinal, 'F1').status).toBe('ready');
    const final = applyResult(atFinal, 'F1', doubleNoShow(match(atFinal, 'F1')));
    expect(final.ok ? null : final.error.message).toMatch(/cannot decide who plays or wins the final/);
  });

  test('nobody pulled: a double no-show with fouls is refused', () => {
    const state = category(8);
    const r = { ...doubleNoShow(match(state, 'W1-1')), fouls_a: 1 };
    const refused = applyResult(state, 'W1-1', r);
    expect(refused.ok ? null : refused.error.code).toBe('invalid');
  });

  test('it is undone like any result while nothing later depends on it', () => {
    let state = category(8);
    state = withResult(state, 'W1-1', doubleNoShow(match(state, 'W1-1')));
    expect(canUndo(state, 'W1-1')).toBe(true);
    const undone = undoResult(state, 'W1-1');
    expect(undone.ok && match(undone.state, 'W1-1').status).toBe('ready');
  });

  test('random categories with double no-shows always finish with everyone placed once', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const size = 3 + (seed % 30);
      const coin = randomChooser(seed, 0.02);
      let n = 0;
      const state = playOut(category(size, {}, seed), (m) => {
        n++;
        const allowed = m.spec.bracket !== 'F' && !m.spec.loserTo?.match.startsWith('F');
        return allowed && n % 7 === 0 ? doubleNoShow(m) : coin(m);
      });
      expect(state.finished, `seed ${seed}`).toBe(true);
      const dq = new Set([...state.left].filter(([, l]) => l.method === 'dq').map(([e]) => e));
      const placed = state.places.map((p) => p.entry);
      expect(new Set(placed).size, `seed ${seed}`).toBe(placed.length);
      expect(placed.length + dq.size, `seed ${seed}`).toBe(size);
    }
  });
});
