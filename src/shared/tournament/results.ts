/**
 * Recording, correcting and undoing a match's result. Each answers a new derived state (or a plain error), so the
 * server, the head table and an offline table device apply the same checks and get the same bracket.
 */
import { type CategoryState, deriveCategory, type MatchState } from './derive.ts';
import { doubleNoShowAllowed, isDoubleNoShow, METHODS, type MatchResult, type TournamentSettings } from './rules.ts';

export type ResultErrorCode =
  | 'no_match'
  | 'not_pulled'
  | 'invalid'
  | 'not_ready'
  | 'other_athletes'
  | 'already_decided'
  | 'automatic'
  | 'fouls_short'
  | 'fouls_over'
  | 'fouls_reached'
  | 'not_decided'
  | 'cannot_undo';

export interface ResultError {
  code: ResultErrorCode;
  message: string;
}

export type Outcome<T> = ({ ok: true } & T) | { ok: false; error: ResultError };

const fail = (code: ResultErrorCode, message: string): { ok: false; error: ResultError } => ({
  ok: false,
  error: { code, message },
});

/** Two results are the same result when every field is (a result sent twice, or by two devices, is one). */
export function sameResult(x: MatchResult | null | undefined, y: MatchResult | null | undefined): boolean {
  if (!x || !y) return false;
  return (
    x.winner === y.winner &&
    x.method === y.method &&
    x.a === y.a &&
    x.b === y.b &&
    x.warnings_a === y.warnings_a &&
    x.warnings_b === y.warnings_b &&
    x.fouls_a === y.fouls_a &&
    x.fouls_b === y.fouls_b
  );
}

const isCount = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** The result's own sense: its fields, its athletes, its fouls against the method. */
function checkContent(match: MatchState, r: MatchResult, settings: TournamentSettings): ResultError | null {
  const double = isDoubleNoShow(r);
  if ((r.winner !== 'A' && r.winner !== 'B' && !double) || !METHODS.includes(r.method)) {
    return { code: 'invalid', message: 'Choose the winner and how the match was won.' };
  }
  if (double && !doubleNoShowAllowed(match.spec)) {
    return {
      code: 'invalid',
      message:
        'A double no-show cannot decide who plays or wins the final: record the athlete who is not coming back as withdrawn.',
    };
  }
  if (![r.warnings_a, r.warnings_b, r.fouls_a, r.fouls_b].every(isCount)) {
    return { code: 'invalid', message: 'Warnings and fouls are whole numbers from 0.' };
  }
  if (r.a !== match.a || r.b !== match.b) {
    return {
      code: 'other_athletes',
      message: 'This result was recorded for other athletes: the bracket has changed since.',
    };
  }
  const limit = settings.fouls_to_lose;
  if (double) {
    // Nobody pulled: fouls of a match that never started are none.
    return r.fouls_a || r.fouls_b ? { code: 'invalid', message: 'Nobody pulled in a double no-show: no fouls.' } : null;
  }
  const [loserFouls, winnerFouls] = r.winner === 'A' ? [r.fouls_b, r.fouls_a] : [r.fouls_a, r.fouls_b];
  if (loserFouls > limit || winnerFouls > limit) {
    return { code: 'fouls_over', message: `The match ends at ${limit} fouls.` };
  }
  if (r.method === 'fouls' && loserFouls < limit) {
    return { code: 'fouls_short', message: `A match lost on fouls needs ${limit} fouls for the loser.` };
  }
  if (winnerFouls >= limit || (r.method !== 'fouls' && loserFouls >= limit)) {
    return {
      code: 'fouls_reached',
      message: `${limit} fouls lose the match: record it as lost on fouls by the athlete who had them.`,
    };
  }
  return null;
}

/**
 * Whether `result` may be recorded for `match`: the match is ready (both athletes known) or already has this
 * very result (a repeat, which is no conflict); the result names the match's athletes; the fouls agree with
 * the method (lost on fouls: the loser has exactly `fouls_to_lose`; any other method: nobody reached it).
 * A different result for a decided match is refused (the first one stands: correct it at the head table).
 */
export function validateResult(
  match: MatchState,
  result: MatchResult,
  settings: TournamentSettings,
): ResultError | null {
  if (match.status === 'waiting') {
    return { code: 'not_ready', message: 'This match is not ready: its athletes are not both known yet.' };
  }
  const content = checkContent(match, result, settings);
  if (content) return content;
  if (match.status === 'done') {
    if (sameResult(match.result, result)) return null;
    return match.auto
      ? { code: 'automatic', message: 'This match was decided by a withdrawal or a disqualification.' }
      : { code: 'already_decided', message: 'This match already has a different result.' };
  }
  return null;
}

/** The match `code` of the state, or why there is none: a super final not pulled (yet) is told apart from no match. */
function matchOrRefusal(state: CategoryState, code: string): Outcome<{ match: MatchState }> {
  const match = state.byCode.get(code);
  if (match) return { ok: true, match };
  if (code === 'F2' && state.structure.byCode.has('F2')) {
    return fail('not_pulled', "The super final is pulled only when the losers' bracket champion wins the final.");
  }
  return fail('no_match', `There is no match ${code} in this category.`);
}

const withResults = (state: CategoryState, results: Readonly<Record<string, MatchResult>>) =>
  deriveCategory(state.structure, state.slots, results, state.settings);

/** Records a result; `repeat` when the match already had this very result (nothing changes). */
export function applyResult(
  state: CategoryState,
  code: string,
  result: MatchResult,
): Outcome<{ state: CategoryState; repeat: boolean }> {
  const found = matchOrRefusal(state, code);
  if (!found.ok) return found;
  const error = validateResult(found.match, result, state.settings);
  if (error) return { ok: false, error };
  if (found.match.status === 'done') return { ok: true, state, repeat: true };
  return { ok: true, state: withResults(state, { ...state.results, [code]: result }), repeat: false };
}

/** What a correction does: the new state, and the later matches it changes. */
export interface CorrectionEffect {
  /** The state after the correction, with the results it voids removed (ready to save as it is). */
  state: CategoryState;
  /** Later matches, in play order, whose result no longer stands: pulled again (or decided anew automatically). */
  resets: string[];
  /** Later matches not yet decided whose athletes change (a table that called one calls another). */
  rerouted: string[];
}

/**
 * The effect of replacing the recorded result of a decided match, before saving it: the matches whose result
 * depended on the wrong athlete are reset; results not affected stay.
 */
export function correctionEffect(state: CategoryState, code: string, result: MatchResult): Outcome<CorrectionEffect> {
  const found = matchOrRefusal(state, code);
  if (!found.ok) return found;
  const match = found.match;
  if (match.status !== 'done') return fail('not_decided', 'This match has no result to correct yet.');
  if (match.auto) {
    return fail(
      'automatic',
      'This match was decided by a withdrawal or a disqualification: correct that match instead.',
    );
  }
  const error = checkContent(match, result, state.settings);
  if (error) return { ok: false, error };
  const changed = withResults(state, { ...state.results, [code]: result });
  const kept = Object.fromEntries(Object.entries(changed.results).filter(([c]) => !changed.void.includes(c)));
  const next = withResults(state, kept);
  const resets: string[] = [];
  const rerouted: string[] = [];
  for (const before of state.matches) {
    if (before.code === code) continue;
    const after = next.byCode.get(before.code);
    const sameAthletes = after?.a === before.a && after?.b === before.b;
    if (before.status === 'done') {
      const stands =
        sameAthletes && after?.status === 'done' && after.winner === before.winner && after.method === before.method;
      if (!stands) resets.push(before.code);
    } else if (before.status === 'ready' && !sameAthletes) rerouted.push(before.code);
  }
  return { ok: true, state: next, resets, rerouted };
}

/** Every match whose athletes depend, directly or through others, on the outcome of `code`. */
export function laterMatches(state: CategoryState, code: string): string[] {
  const byCode = state.structure.byCode;
  const found = new Set<string>();
  const visit = (c: string) => {
    const spec = byCode.get(c);
    const next = [spec?.winnerTo?.match, spec?.loserTo?.match, c === 'F1' && byCode.has('F2') ? 'F2' : undefined];
    for (const n of next) {
      if (n && !found.has(n)) {
        found.add(n);
        visit(n);
      }
    }
  };
  visit(code);
  return state.structure.matches.filter((m) => found.has(m.code)).map((m) => m.code);
}

/**
 * Whether the recorded result of `code` may be undone: no later match that depends on it has a recorded result
 * or has started (`started`: the codes the table has called; the bracket itself does not know).
 */
export function canUndo(state: CategoryState, code: string, started: Iterable<string> = []): boolean {
  const match = state.byCode.get(code);
  if (!match || match.status !== 'done' || !match.result || match.auto) return false;
  const called = new Set(started);
  return laterMatches(state, code).every((c) => !called.has(c) && !state.byCode.get(c)?.result);
}

/** Takes back the recorded result of `code` (see `canUndo`). */
export function undoResult(
  state: CategoryState,
  code: string,
  started: Iterable<string> = [],
): Outcome<{ state: CategoryState }> {
  if (!canUndo(state, code, started)) {
    return fail('cannot_undo', 'This result can no longer be undone: a later match depends on it. Correct it instead.');
  }
  const results = Object.fromEntries(Object.entries(state.results).filter(([c]) => c !== code));
  return { ok: true, state: withResults(state, results) };
}
