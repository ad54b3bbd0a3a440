import type { MatchResult } from '../../shared/tournament/index.ts';
import type { Db } from '../db/connection.ts';
import { closeConflicts } from './conflicts.ts';
import type { Sender } from './match-access.ts';

/**
 * The result in force of a match, as stored: written by a result, a correction and the demo, removed by an undo
 * and by what a change resets. The rules that decide these writes are the engine's and the callers'.
 */

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
