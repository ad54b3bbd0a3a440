import {
  applyResult,
  type MatchResult,
  type MatchState,
  type ResultError,
  undoResult,
} from '../../shared/tournament/index.ts';
import type { MatchConflict, MatchResultAnswer } from '../../shared/tournament-contract/tournament.ts';
import type { MatchResultInput } from '../../shared/tournament-contract/match.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { touchTournament } from './changes.ts';
import { type LoadedCategory, loadCategory, tournamentRow, categoryRow } from './load.ts';
import { closeConflicts, storeConflict } from './conflicts.ts';
import { categoryAnswer, matchAnswer } from './read.ts';

/**
 * Recording and undoing a match's result with the shared engine's checks. A result sent again is one result;
 * a match not ready, decided otherwise, or in a published category is a conflict answered with the match as it
 * is now (the caller answers 409 with it, and stores nothing).
 */

export class MatchConflictError extends Error {
  constructor(readonly body: MatchConflict) {
    super(body.error.message);
  }
}

export interface Found {
  category: LoadedCategory;
  code: string;
}

/**
 * Who sends a result: the head table (an admin: `by` is their name, source 'head') or a table device (`by`
 * 'Table {n}', source 'table:{n}', its link as `device`, the device's clock as `deviceTime`). A table device's
 * `scope` is its tournament and table: it may touch only the matches of the categories at that table now.
 */
export interface Sender {
  by: string;
  source: string;
  device?: string | null;
  deviceTime?: string | null;
  scope?: { tournamentId: number; table: number };
}

export const headTable = (by: string): Sender => ({ by, source: 'head' });

/** 403 unless the sender may touch this category (a table device: the categories at its table, now). */
function refuseOutOfScope(sender: Sender | undefined, c: LoadedCategory) {
  const scope = sender?.scope;
  if (!scope || c.row.table_no === scope.table) return;
  throw new HttpError(403, 'not_at_table', `This match's category is not pulled at table ${scope.table}.`);
}

function refuseOtherTournament(sender: Sender | undefined, tournamentId: number) {
  const scope = sender?.scope;
  if (scope && scope.tournamentId !== tournamentId) {
    throw new HttpError(403, 'not_at_table', `Table ${scope.table}'s link is for another tournament.`);
  }
}

export function findMatch(db: Db, tournamentId: number, matchId: number, sender?: Sender): Found {
  refuseOtherTournament(sender, tournamentId);
  const row = db
    .prepare(
      `SELECT m.code, m.category_id FROM tournament_matches m JOIN tournament_categories c ON c.id = m.category_id
       WHERE m.id = ? AND c.tournament_id = ?`,
    )
    .get(matchId, tournamentId) as { code: string; category_id: number } | undefined;
  if (!row) throw new HttpError(404, 'not_found', `No match ${matchId} in tournament ${tournamentId}.`);
  const t = tournamentRow(db, tournamentId);
  const category = loadCategory(db, t, categoryRow(db, tournamentId, row.category_id));
  refuseOutOfScope(sender, category);
  return { category, code: row.code };
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
    status: 'waiting',
    winner: null,
    method: null,
    result: null,
    auto: false,
  };
  return matchAnswer(c, waiting);
}

export const conflictWith = (c: LoadedCategory, code: string, error: { code: string; message: string }) =>
  new MatchConflictError({ error, match: currentMatch(c, code) });

function refusePublished(c: LoadedCategory, code: string) {
  if (c.row.published_at) {
    throw conflictWith(c, code, {
      code: 'published',
      message: 'This category is published: its results can no longer be recorded or undone.',
    });
  }
}

/** The engine's refusals of a result's content, as field errors; the others are conflicts with the match. */
export function refusal(c: LoadedCategory, code: string, error: ResultError, result: MatchResult): Error {
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

/** A result as sent (counts left out are 0), for the two entries of the match it is recorded for. */
export function resultFor(input: MatchResultInput, a: number, b: number): MatchResult {
  return {
    winner: input.winner,
    method: input.method,
    warnings_a: input.warnings_a ?? 0,
    warnings_b: input.warnings_b ?? 0,
    fouls_a: input.fouls_a ?? 0,
    fouls_b: input.fouls_b ?? 0,
    a,
    b,
  };
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
  const { category, code } = findMatch(db, tournamentId, matchId, sender);
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
  if (!outcome.ok && outcome.error.code === 'already_decided') {
    const conflicting = { ...sender, deviceTime: input.recorded_at ?? null };
    storeConflict(db, tournamentId, category.row.id, matchId, result, conflicting, now);
    return { status: 409, conflict: { error: outcome.error, match: currentMatch(category, code) } };
  }
  if (!outcome.ok) throw refusal(category, code, outcome.error, result);
  if (outcome.repeat) return { status: 200, answer: resultAnswer(db, category, code) };
  saveResult(db, matchId, result, { ...sender, deviceTime: input.recorded_at ?? null }, now);
  deleteVoid(db, category, outcome.state.void, sender.by, now);
  touchTournament(db, tournamentId, category.row.id);
  return { status: 201, answer: resultAnswer(db, { ...category, state: outcome.state }, code) };
}

/** Stores the result in force of a match, with who sent it from where (and the device's clock, if sent). */
export function saveResult(db: Db, matchId: number, result: MatchResult, sender: Sender, now: Date) {
  db.prepare(
    `INSERT INTO tournament_results (match_id, winner, method, warnings_a, warnings_b, fouls_a, fouls_b, entry_a,
       entry_b, recorded_at, recorded_by, source, device, device_time)
     VALUES (@matchId, @winner, @method, @warnings_a, @warnings_b, @fouls_a, @fouls_b, @a, @b, @at, @by, @source,
       @device, @deviceTime)
     ON CONFLICT (match_id) DO UPDATE SET winner = excluded.winner, method = excluded.method,
       warnings_a = excluded.warnings_a, warnings_b = excluded.warnings_b, fouls_a = excluded.fouls_a,
       fouls_b = excluded.fouls_b, entry_a = excluded.entry_a, entry_b = excluded.entry_b,
       recorded_at = excluded.recorded_at, recorded_by = excluded.recorded_by, source = excluded.source,
       device = excluded.device, device_time = excluded.device_time`,
  ).run({
    ...result,
    matchId,
    at: now.toISOString(),
    by: sender.by,
    source: sender.source,
    device: sender.device ?? null,
    deviceTime: sender.deviceTime ?? null,
  });
}

/**
 * Removes the results of `matchIds` (those matches are pulled again) and closes the conflicts set aside beside
 * them: an undo, a correction's resets, or results no longer in force.
 */
export function removeResults(db: Db, matchIds: readonly number[], how: 'undone' | 'reset', by: string, now: Date) {
  const remove = db.prepare('DELETE FROM tournament_results WHERE match_id = ?');
  for (const id of matchIds) remove.run(id);
  closeConflicts(db, matchIds, how, by, now);
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
      const { category, code } = findMatch(db, tournamentId, matchId, sender);
      refusePublished(category, code);
      const outcome = undoResult(category.state!, code);
      if (!outcome.ok) throw conflictWith(category, code, outcome.error);
      removeResults(db, [matchId], 'undone', sender?.by ?? 'head table', new Date());
      touchTournament(db, tournamentId, category.row.id);
      return resultAnswer(db, { ...category, state: outcome.state }, code);
    })
    .immediate();
}
