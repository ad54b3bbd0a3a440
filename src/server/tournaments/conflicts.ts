import type { MatchResult } from '../../shared/tournament/index.ts';
import type { Conflict, SentResult } from '../../shared/tournament-contract/match.ts';
import type { Db } from '../db/connection.ts';
import { logDecision } from '../decisions/log.ts';
import { HttpError } from '../http/errors.ts';
import { touchTournament } from './changes.ts';
import { resultFields, tournamentRow } from './load.ts';
import type { Sender } from './match-access.ts';

/**
 * Conflicts: a different result sent for a match already decided (by a table device or the head table). The
 * first result stays in force; the other is kept aside here with who sent it from where and when, and listed for
 * the head table until it dismisses it (the kept one stays) or corrects the match (which closes its conflicts), or
 * until the kept result itself goes (an undo, or a correction that resets the match): see ConflictClosed.
 * The same sender sending the same different result again is one conflict, not two.
 */

const RESULT_FIELDS = 'winner, method, warnings_a, warnings_b, fouls_a, fouls_b, entry_a, entry_b';

/** Keeps a conflicting result aside (once per sender and result). Moves the version: the head table's list changed. */
export function storeConflict(
  db: Db,
  tournamentId: number,
  categoryId: number,
  matchId: number,
  result: MatchResult,
  sender: Sender,
  now: Date,
): void {
  const values = { ...result, matchId, by: sender.by, source: sender.source };
  const known = db
    .prepare(
      `SELECT 1 FROM tournament_conflicts WHERE match_id = @matchId AND closed_at IS NULL AND sent_by = @by
         AND source = @source AND winner IS @winner AND method = @method AND warnings_a = @warnings_a
         AND warnings_b = @warnings_b AND fouls_a = @fouls_a AND fouls_b = @fouls_b AND entry_a = @a AND entry_b = @b`,
    )
    .get(values);
  if (known) return;
  db.prepare(
    `INSERT INTO tournament_conflicts (match_id, ${RESULT_FIELDS}, sent_at, sent_by, source, device_time)
     VALUES (@matchId, @winner, @method, @warnings_a, @warnings_b, @fouls_a, @fouls_b, @a, @b, @at, @by, @source,
       @deviceTime)`,
  ).run({ ...values, at: now.toISOString(), deviceTime: sender.deviceTime ?? null });
  touchTournament(db, tournamentId, categoryId);
}

/**
 * How a conflict closed: the head table dismissed it (the kept result stays), corrected the match, or the kept
 * result went, taken back by an undo or reset by a correction of an earlier match (the match is pulled again and
 * decided afresh, so what was set aside beside the old result no longer stands beside anything).
 */
export type ConflictClosed = 'dismissed' | 'corrected' | 'undone' | 'reset';

/** Closes the open conflicts of the matches `matchIds`. */
export function closeConflicts(
  db: Db,
  matchIds: readonly number[],
  how: Exclude<ConflictClosed, 'dismissed'>,
  by: string,
  now: Date,
): void {
  const close = db.prepare(
    'UPDATE tournament_conflicts SET closed_at = ?, closed_by = ?, closed_how = ? WHERE match_id = ? AND closed_at IS NULL',
  );
  for (const id of matchIds) close.run(now.toISOString(), by, how, id);
}

interface ConflictRow {
  id: number;
  match_id: number;
  category_id: number;
  code: string;
  a: string | null;
  b: string | null;
  k_winner: 'A' | 'B' | null;
  k_method: SentResult['method'];
  k_warnings_a: number;
  k_warnings_b: number;
  k_fouls_a: number;
  k_fouls_b: number;
  k_source: string;
  k_by: string;
  k_at: string;
  winner: 'A' | 'B' | null;
  method: SentResult['method'];
  warnings_a: number;
  warnings_b: number;
  fouls_a: number;
  fouls_b: number;
  source: string;
  sent_by: string;
  sent_at: string;
}

/**
 * The open conflicts of a tournament, oldest first, with the result kept (in force now) beside the one sent. (A
 * conflict whose kept result was undone or reset was closed with it.)
 */
export function listConflicts(db: Db, tournamentId: number): Conflict[] {
  tournamentRow(db, tournamentId);
  const rows = db
    .prepare(
      `SELECT k.id, k.match_id, m.category_id, m.code, ea.name AS a, eb.name AS b,
              r.winner AS k_winner, r.method AS k_method, r.warnings_a AS k_warnings_a, r.warnings_b AS k_warnings_b,
              r.fouls_a AS k_fouls_a, r.fouls_b AS k_fouls_b, r.source AS k_source, r.recorded_by AS k_by,
              r.recorded_at AS k_at,
              k.winner, k.method, k.warnings_a, k.warnings_b, k.fouls_a, k.fouls_b, k.source, k.sent_by, k.sent_at
       FROM tournament_conflicts k
         JOIN tournament_matches m ON m.id = k.match_id
         JOIN tournament_categories c ON c.id = m.category_id
         JOIN tournament_results r ON r.match_id = k.match_id
         JOIN tournament_entries xa ON xa.id = k.entry_a JOIN athletes ea ON ea.id = xa.athlete_id
         JOIN tournament_entries xb ON xb.id = k.entry_b JOIN athletes eb ON eb.id = xb.athlete_id
       WHERE c.tournament_id = ? AND k.closed_at IS NULL
       ORDER BY k.id`,
    )
    .all(tournamentId) as ConflictRow[];
  return rows.map((r) => ({
    id: r.id,
    tournament_id: tournamentId,
    category_id: r.category_id,
    match_id: r.match_id,
    code: r.code,
    a: r.a,
    b: r.b,
    kept: {
      winner: r.k_winner,
      method: r.k_method,
      warnings_a: r.k_warnings_a,
      warnings_b: r.k_warnings_b,
      fouls_a: r.k_fouls_a,
      fouls_b: r.k_fouls_b,
      source: r.k_source,
      by: r.k_by,
      at: r.k_at,
    },
    sent: { ...resultFields(r), source: r.source, by: r.sent_by, at: r.sent_at },
  }));
}

/** Dismisses a conflict: the kept result stays (dismissed already: nothing changes). In the decision log. */
export function dismissConflict(db: Db, tournamentId: number, conflictId: number, by: string, now = new Date()) {
  db.transaction(() => {
    const row = db
      .prepare(
        `SELECT k.id, k.match_id, k.closed_at, m.category_id FROM tournament_conflicts k
           JOIN tournament_matches m ON m.id = k.match_id JOIN tournament_categories c ON c.id = m.category_id
         WHERE k.id = ? AND c.tournament_id = ?`,
      )
      .get(conflictId, tournamentId) as
      { id: number; match_id: number; closed_at: string | null; category_id: number } | undefined;
    if (!row) throw new HttpError(404, 'not_found', `No conflict ${conflictId} in tournament ${tournamentId}.`);
    if (row.closed_at !== null) return;
    const at = now.toISOString();
    db.prepare(
      "UPDATE tournament_conflicts SET closed_at = ?, closed_by = ?, closed_how = 'dismissed' WHERE id = ?",
    ).run(at, by, conflictId);
    logDecision(db, {
      subject: 'tournament_conflict',
      subjectId: conflictId,
      from: 'open',
      to: 'dismissed',
      by,
      at,
      detail: { match_id: row.match_id },
    });
    touchTournament(db, tournamentId, row.category_id);
  })();
}
