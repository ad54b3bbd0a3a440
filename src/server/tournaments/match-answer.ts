import type { MatchResult, MatchState, ResultError } from '../../shared/tournament/index.ts';
import type { MatchConflict, MatchResultAnswer } from '../../shared/tournament-contract/tournament.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { type LoadedCategory, tournamentRow } from './load.ts';
import { categoryAnswer, matchAnswer } from './read.ts';

/**
 * What a change of a match's result answers: the match, its category and the tournament's version after it; or,
 * refused, a 400 naming the fields at fault, or a 409 with the match as it is now (the caller stores nothing).
 */

export class MatchConflictError extends Error {
  constructor(readonly body: MatchConflict) {
    super(body.error.message);
  }
}

/** The match as it is now; a super final not pulled (yet) is a waiting match with nobody in it. */
function currentMatch(c: LoadedCategory, code: string) {
  const m = c.state!.byCode.get(code);
  if (m) return matchAnswer(c, m);
  const spec = c.state!.structure.byCode.get(code)!;
  const waiting: MatchState = {
    code,
    spec,
    a: null,
    b: null,
    emptyA: false,
    emptyB: false,
    status: 'waiting',
    winner: null,
    method: null,
    result: null,
    auto: false,
  };
  return matchAnswer(c, waiting);
}

type Refused = MatchConflict['error'];

/** A 409's body: why, and the match as it is now. */
export const conflictBody = (c: LoadedCategory, code: string, error: Refused): MatchConflict => ({
  error,
  match: currentMatch(c, code),
});

export const conflictWith = (c: LoadedCategory, code: string, error: Refused) =>
  new MatchConflictError(conflictBody(c, code, error));

/** The engine's refusals of a result's content, as field errors; the others are conflicts with the match. */
export function resultRefusal(c: LoadedCategory, code: string, error: ResultError, result: MatchResult): Error {
  const limit = c.settings.fouls_to_lose;
  const loser = result.winner === 'A' ? 'fouls_b' : 'fouls_a';
  switch (error.code) {
    case 'fouls_short':
      return new HttpError(400, 'invalid_input', error.message, { [loser]: [error.message] });
    case 'fouls_over':
    case 'fouls_reached': {
      const fields = (['fouls_a', 'fouls_b'] as const).filter((f) => result[f] >= limit);
      return new HttpError(
        400,
        'invalid_input',
        error.message,
        Object.fromEntries(fields.map((f) => [f, [error.message]])),
      );
    }
    case 'invalid':
      return new HttpError(400, 'invalid_input', error.message, { method: [error.message] });
    default:
      return conflictWith(c, code, error);
  }
}

/** The answer of a result's change, read after the change moved the tournament's version (tournamentRow). */
export const resultAnswer = (db: Db, c: LoadedCategory, code: string): MatchResultAnswer => ({
  match: currentMatch(c, code),
  category: categoryAnswer(c),
  version: tournamentRow(db, c.row.tournament_id).version,
});
