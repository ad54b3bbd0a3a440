import { applyResult, resultFor, undoResult } from '../../shared/tournament/index.ts';
import type { MatchConflict, MatchResultAnswer } from '../../shared/tournament-contract/tournament.ts';
import type { MatchResultInput } from '../../shared/tournament-contract/match.ts';
import type { Db } from '../db/connection.ts';
import { touchTournament } from './changes.ts';
import { storeConflict } from './conflicts.ts';
import type { LoadedCategory } from './load.ts';
import { locateMatch, type Sender } from './match-access.ts';
import { conflictBody, conflictWith, resultAnswer, resultRefusal } from './match-answer.ts';
import { removeResults, saveResult } from './result-rows.ts';

/**
 * Recording and undoing a match's result with the shared engine's checks. A result sent again is one result;
 * a match not ready, decided otherwise, or in a published category is a conflict answered with the match as it
 * is now (the caller answers 409 with it, and stores nothing).
 */

function refusePublished(c: LoadedCategory, code: string) {
  if (c.row.published_at) {
    throw conflictWith(c, code, {
      code: 'published',
      message: 'This category is published: its results can no longer be recorded or undone.',
    });
  }
}

/**
 * What sending a result did: recorded it (201), found it was there already (200: the same result again, from any
 * sender, is one result), or found a different one there (409: the first stays; the sent one is kept aside as a
 * conflict for the head table, tournaments/conflicts.ts).
 */
export type Recorded = { status: 201 | 200; answer: MatchResultAnswer } | { status: 409; conflict: MatchConflict };

/** Records a result sent by the head table or a table device. Throws MatchConflictError, or HttpError 400/403/404. */
export function recordResult(
  db: Db,
  tournamentId: number,
  matchId: number,
  input: MatchResultInput,
  sender: Sender,
  now = new Date(),
): Recorded {
  return db.transaction(() => record(db, tournamentId, matchId, input, sender, now))();
}

function record(
  db: Db,
  tournamentId: number,
  matchId: number,
  input: MatchResultInput,
  sender: Sender,
  now: Date,
): Recorded {
  const { category, code } = locateMatch(db, tournamentId, matchId, sender);
  refusePublished(category, code);
  const state = category.state!;
  const match = state.byCode.get(code);
  if (!match || match.a === null || match.b === null) {
    throw conflictWith(category, code, {
      code: 'not_ready',
      message: 'This match is not ready: its athletes are not both known yet.',
    });
  }
  const result = resultFor(input, match.a, match.b);
  const outcome = applyResult(state, code, result);
  // Kept with the result (or the conflict): the device's clock when it was tapped, beside the server's time.
  const sent = { ...sender, deviceTime: input.recorded_at ?? null };
  if (!outcome.ok && outcome.error.code === 'already_decided') {
    storeConflict(db, tournamentId, category.row.id, matchId, result, sent, now);
    return { status: 409, conflict: conflictBody(category, code, outcome.error) };
  }
  if (!outcome.ok) throw resultRefusal(category, code, outcome.error, result);
  if (outcome.repeat) return { status: 200, answer: resultAnswer(db, category, code) };
  saveResult(db, matchId, result, sent, now);
  deleteVoid(db, category, outcome.state.void, sender.by, now);
  touchTournament(db, tournamentId, category.row.id);
  return { status: 201, answer: resultAnswer(db, { ...category, state: outcome.state }, code) };
}

/** Results no longer in force (recorded for other athletes) are removed: that match is pulled again. */
function deleteVoid(db: Db, c: LoadedCategory, codes: readonly string[], by: string, now: Date) {
  const ids = codes.map((code) => c.matchIds.get(code)).filter((id) => id !== undefined);
  removeResults(db, ids, 'reset', by, now);
}

/** Takes back a result nothing later depends on. Throws MatchConflictError when it cannot. */
export function undoMatchResult(db: Db, tournamentId: number, matchId: number, sender?: Sender): MatchResultAnswer {
  return db
    .transaction(() => {
      const { category, code } = locateMatch(db, tournamentId, matchId, sender);
      refusePublished(category, code);
      const outcome = undoResult(category.state!, code);
      if (!outcome.ok) throw conflictWith(category, code, outcome.error);
      removeResults(db, [matchId], 'undone', sender?.by ?? 'head table', new Date());
      touchTournament(db, tournamentId, category.row.id);
      return resultAnswer(db, { ...category, state: outcome.state }, code);
    })
    .immediate();
}
