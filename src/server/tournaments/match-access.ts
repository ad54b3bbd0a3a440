import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { categoryRow, type LoadedCategory, loadCategory, tournamentRow } from './load.ts';

/**
 * Who changes a match's result, and the match a request names: recording, undoing and correcting all start here,
 * so a table device's limits are checked in one place whatever it asks for.
 */

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

/** A match found by its id: its category, loaded and derived, and its code in the category's bracket. */
export interface LocatedMatch {
  category: LoadedCategory;
  code: string;
}

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

/** The match `matchId` of the tournament with its category, or 404; 403 when the sender may not touch it. */
export function locateMatch(db: Db, tournamentId: number, matchId: number, sender?: Sender): LocatedMatch {
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
