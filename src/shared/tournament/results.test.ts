import { describe, expect, test } from 'vitest';
import { type CategoryState, loserEntry, winnerEntry } from './derive.ts';
import { applyResult, canUndo, correctionEffect, laterMatches, undoResult, validateResult } from './results.ts';
import { DEFAULT_SETTINGS, type MatchResult } from './rules.ts';
import { category, playOut, randomChooser, result } from './engine.test-kit.ts';

function apply(state: CategoryState, code: string, r: MatchResult): CategoryState {
  const outcome = applyResult(state, code, r);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.state;
}
const win = (state: CategoryState, code: string, side: 'A' | 'B' = 'A', method: MatchResult['method'] = 'pin') =>
  apply(state, code, result(state.byCode.get(code)!, side, method));

describe('validateResult', () => {
  const s = category(4);
  const w11 = s.byCode.get('W1-1')!;
  const settings = DEFAULT_SETTINGS;

  test('a ready match takes a result for its athletes', () => {
    expect(validateResult(w11, result(w11, 'A'), settings)).toBeNull();
    expect(validateResult(w11, result(w11, 'B', 'fouls'), settings)).toBeNull();
    expect(
      validateResult(w11, { ...result(w11, 'A', 'no_show'), warnings_b: 3, fouls_a: 1, fouls_b: 1 }, settings),
    ).toBeNull();
  });

  test.each([
    ['a waiting match', 'W2-1', {}, 'not_ready', 'This match is not ready: its athletes are not both known yet.'],
    [
      'other athletes',
      'W1-1',
      { a: 999 },
      'other_athletes',
      'This result was recorded for other athletes: the bracket has changed since.',
    ],
    ['no winner', 'W1-1', { winner: 'C' }, 'invalid', 'Choose the winner and how the match was won.'],
    ['an unknown method', 'W1-1', { method: 'armbar' }, 'invalid', 'Choose the winner and how the match was won.'],
    ['a negative count', 'W1-1', { warnings_a: -1 }, 'invalid', 'Warnings and fouls are whole numbers from 0.'],
    ['a fractional count', 'W1-1', { fouls_b: 0.5 }, 'invalid', 'Warnings and fouls are whole numbers from 0.'],
    [
      'lost on fouls with too few',
      'W1-1',
      { method: 'fouls', fouls_b: 1 },
      'fouls_short',
      'A match lost on fouls needs 2 fouls for the loser.',
    ],
    ['fouls past the limit', 'W1-1', { method: 'fouls', fouls_b: 3 }, 'fouls_over', 'The match ends at 2 fouls.'],
    [
      'a pin by a loser who fouled out',
      'W1-1',
      { fouls_b: 2 },
      'fouls_reached',
      '2 fouls lose the match: record it as lost on fouls by the athlete who had them.',
    ],
    [
      'a winner who fouled out',
      'W1-1',
      { method: 'fouls', fouls_a: 2, fouls_b: 2 },
      'fouls_reached',
      '2 fouls lose the match: record it as lost on fouls by the athlete who had them.',
    ],
  ])('refuses %s', (_name, code, change, errorCode, message) => {
    const m = s.byCode.get(code)!;
    const base = m.a === null || m.b === null ? { ...result({ a: 1, b: 2 }, 'A') } : result(m, 'A');
    expect(validateResult(m, { ...base, ...change } as MatchResult, settings)).toEqual({ code: errorCode, message });
  });

  test('the fouls that lose a match are a setting', () => {
    const three = { ...settings, fouls_to_lose: 3 };
    expect(validateResult(w11, { ...result(w11, 'A', 'fouls'), fouls_b: 3 }, three)).toBeNull();
    expect(validateResult(w11, { ...result(w11, 'A', 'fouls'), fouls_b: 2 }, three)?.code).toBe('fouls_short');
    expect(validateResult(w11, { ...result(w11, 'A', 'pin'), fouls_b: 2 }, three)).toBeNull();
  });
});

describe('applyResult', () => {
  test('records a result and advances the bracket', () => {
    const s = win(category(4), 'W1-1', 'B');
    const w11 = s.byCode.get('W1-1')!;
    expect(w11).toMatchObject({ status: 'done', winner: 'B', method: 'pin' });
    expect(s.byCode.get('W2-1')!.a).toBe(w11.b);
    expect(s.byCode.get('L1-1')!.a).toBe(w11.a);
  });

  test('the same result twice (two devices, or a resend) is one result; a different one is refused', () => {
    const s = win(category(4), 'W1-1');
    const again = applyResult(s, 'W1-1', s.byCode.get('W1-1')!.result!);
    expect(again).toMatchObject({ ok: true, repeat: true });
    expect(again.ok && again.state).toBe(s);
    const other = applyResult(s, 'W1-1', result(s.byCode.get('W1-1')!, 'B'));
    expect(other).toEqual({
      ok: false,
      error: { code: 'already_decided', message: 'This match already has a different result.' },
    });
  });

  test('unknown matches and a super final not pulled are refused by name', () => {
    const s = category(2);
    expect(applyResult(s, 'W7-1', result({ a: 1, b: 2 }, 'A'))).toMatchObject({
      ok: false,
      error: { code: 'no_match' },
    });
    const decided = win(win(s, 'W1-1'), 'F1', 'A');
    expect(applyResult(decided, 'F2', result(decided.byCode.get('F1')!, 'A'))).toMatchObject({
      ok: false,
      error: {
        code: 'not_pulled',
        message: "The super final is pulled only when the losers' bracket champion wins the final.",
      },
    });
  });

  test('a match decided by a withdrawal takes no result', () => {
    const s = win(win(category(4), 'W1-1', 'A', 'withdrawal'), 'W1-2');
    const l11 = s.byCode.get('L1-1')!;
    expect(l11.auto).toBe(true);
    expect(applyResult(s, 'L1-1', result(l11, 'A'))).toMatchObject({ ok: false, error: { code: 'automatic' } });
  });

  test('a queue replayed in order gives the same bracket on every device', () => {
    const played = playOut(category(16), randomChooser(9));
    const order = played.matches.filter((m) => m.result).map((m) => [m.code, m.result!] as const);
    let device = category(16);
    for (const [code, r] of order) device = apply(device, code, r);
    expect(device.matches).toEqual(played.matches);
    expect(device.places).toEqual(played.places);
  });
});

describe('correctionEffect', () => {
  /** 8 athletes, winners' round 1 and 2 and losers' round 1 and 2 all won by side A. */
  function midway() {
    let s = category(8);
    for (const code of ['W1-1', 'W1-2', 'W1-3', 'W1-4', 'L1-1', 'L1-2', 'W2-1', 'W2-2', 'L2-1', 'L2-2'])
      s = win(s, code);
    return s;
  }

  test('the later matches that involved the wrong athlete are reset, in play order; the rest stay', () => {
    const s = midway();
    const w11 = s.byCode.get('W1-1')!;
    const effect = correctionEffect(s, 'W1-1', result(w11, 'B'));
    if (!effect.ok) throw new Error(effect.error.message);
    // W1-1's winner played W2-1 and its loser L1-1; L2-2 took W2-1's loser, L2-1 took L1-1's winner.
    expect(effect.resets).toEqual(['L1-1', 'W2-1', 'L2-1', 'L2-2']);
    for (const code of effect.resets) expect(effect.state.byCode.get(code)!.status).not.toBe('done');
    for (const code of ['W1-2', 'W1-3', 'W1-4', 'L1-2', 'W2-2']) {
      expect(effect.state.byCode.get(code)!.result).toEqual(s.byCode.get(code)!.result);
    }
    // The voided results are gone from the state to save, and the corrected match won by the other athlete.
    expect(Object.keys(effect.state.results).sort()).toEqual(['L1-2', 'W1-1', 'W1-2', 'W1-3', 'W1-4', 'W2-2']);
    expect(effect.state.void).toEqual([]);
    expect(winnerEntry(effect.state.byCode.get('W1-1')!)).toBe(w11.b);
    expect(effect.state.byCode.get('W2-1')).toMatchObject({ status: 'ready', a: w11.b });
  });

  test('changing how a match was won, not who won, changes nothing later', () => {
    const s = midway();
    const w11 = s.byCode.get('W1-1')!;
    const effect = correctionEffect(s, 'W1-1', result(w11, 'A', 'fouls'));
    expect(effect).toMatchObject({ ok: true, resets: [], rerouted: [] });
    expect(effect.ok && effect.state.byCode.get('W1-1')!.method).toBe('fouls');
  });

  test("a correction to a withdrawal resolves the athlete's later matches, resetting those pulled", () => {
    const s = midway();
    const w11 = s.byCode.get('W1-1')!;
    const effect = correctionEffect(s, 'W1-1', result(w11, 'A', 'withdrawal'));
    if (!effect.ok) throw new Error(effect.error.message);
    // The loser had won L1-1 and L2-1: L1-1 is now lost by the withdrawal, and L2-1, with the athlete who goes
    // through instead, is pulled again.
    expect(effect.resets).toEqual(['L1-1', 'L2-1']);
    expect(effect.state.byCode.get('L1-1')).toMatchObject({ auto: true, method: 'withdrawal' });
    expect(loserEntry(effect.state.byCode.get('L1-1')!)).toBe(w11.b);
  });

  test('a ready match whose athletes change is reported as rerouted', () => {
    let s = category(8);
    for (const code of ['W1-1', 'W1-2']) s = win(s, code);
    const effect = correctionEffect(s, 'W1-2', result(s.byCode.get('W1-2')!, 'B'));
    expect(effect).toMatchObject({ ok: true, resets: [], rerouted: ['L1-1', 'W2-1'] });
  });

  test('only a recorded result can be corrected', () => {
    const s = win(win(category(4), 'W1-1', 'A', 'withdrawal'), 'W1-2');
    expect(correctionEffect(s, 'W2-1', result(s.byCode.get('W2-1')!, 'A'))).toMatchObject({
      ok: false,
      error: { code: 'not_decided' },
    });
    expect(correctionEffect(s, 'L1-1', result(s.byCode.get('L1-1')!, 'A'))).toMatchObject({
      ok: false,
      error: { code: 'automatic' },
    });
    const w11 = s.byCode.get('W1-1')!;
    expect(correctionEffect(s, 'W1-1', { ...result(w11, 'A', 'fouls'), fouls_b: 1 })).toMatchObject({
      ok: false,
      error: { code: 'fouls_short' },
    });
  });

  test('a result queued offline for athletes a correction has since replaced is refused on delivery', () => {
    const s = midway();
    const queued = result(s.byCode.get('W3-1')!, 'A');
    const effect = correctionEffect(s, 'W1-1', result(s.byCode.get('W1-1')!, 'B'));
    if (!effect.ok) throw new Error(effect.error.message);
    expect(applyResult(effect.state, 'W3-1', queued)).toMatchObject({ ok: false, error: { code: 'not_ready' } });
    // W2-1 pulled again and won by the other athlete: L2-2 takes another loser; its old result is for others.
    const oldL22 = s.byCode.get('L2-2')!.result!;
    const replayed = apply(effect.state, 'W2-1', result(effect.state.byCode.get('W2-1')!, 'B'));
    expect(replayed.byCode.get('L2-2')!.status).toBe('ready');
    expect(applyResult(replayed, 'L2-2', oldL22)).toMatchObject({ ok: false, error: { code: 'other_athletes' } });
  });
});

describe('undo', () => {
  test('the last result can be undone while nothing later depends on it', () => {
    let s = category(4);
    s = win(win(s, 'W1-1'), 'W1-2');
    expect(canUndo(s, 'W1-2')).toBe(true);
    expect(canUndo(s, 'W1-2', ['W2-1'])).toBe(false); // the table has called the next match
    const undone = undoResult(s, 'W1-2');
    expect(undone.ok && undone.state.byCode.get('W1-2')!.status).toBe('ready');
    const later = win(s, 'L1-1');
    expect(canUndo(later, 'W1-2')).toBe(false);
    expect(undoResult(later, 'W1-2')).toMatchObject({ ok: false, error: { code: 'cannot_undo' } });
    expect(canUndo(later, 'L1-1')).toBe(true);
    expect(canUndo(later, 'W2-1')).toBe(false); // not decided
  });

  test('later matches: everything fed by a match, directly or not', () => {
    const s = category(4);
    expect(laterMatches(s, 'W1-1')).toEqual(['L1-1', 'W2-1', 'L2-1', 'F1', 'F2']);
    expect(laterMatches(s, 'L2-1')).toEqual(['F1', 'F2']);
    expect(laterMatches(s, 'F2')).toEqual([]);
  });
});
