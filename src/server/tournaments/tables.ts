import { callQueue } from '../../shared/tournament/index.ts';
import type { TableDevice, TableLink, TableOverview, TableStatus } from '../../shared/tournament-contract/table.ts';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import { hashTableSecret, newTableSecret, type TableKeyHolder } from '../auth/table-keys.ts';
import { insertRow, type Db } from '../db/connection.ts';
import { type CategoryRow, categoryRow, entriesByCategory, loadCategory, tournamentRow } from './load.ts';
import { touchTournament } from './changes.ts';
import { readCategory } from './read.ts';

/**
 * The tables of a tournament: which table each category is pulled at (one at a time; it can be moved), and the
 * table links a table's devices record with. A link's secret is made here and answered once in its URL; only its
 * hash is kept (auth/table-keys.ts checks it). A link expires at the end of the day after the tournament's date
 * (UTC: a tournament running past midnight in the Americas keeps its links), or when the head table revokes every
 * link of its table.
 */

/** Puts a category at a table (null: at none). Moving it ends the old table's access to it at once. */
export function assignTable(
  db: Db,
  tournamentId: number,
  categoryId: number,
  table: number | null,
): TournamentCategory {
  return db.transaction(() => {
    const row = categoryRow(db, tournamentId, categoryId);
    if (row.table_no !== table) {
      db.prepare('UPDATE tournament_categories SET table_no = ? WHERE id = ?').run(table, categoryId);
      touchTournament(db, tournamentId, categoryId);
    }
    return readCategory(db, tournamentId, categoryId);
  })();
}

/** The end of the day after the tournament's date (its event's), as an ISO time. */
function expiryOf(db: Db, tournamentId: number): string {
  const date = db
    .prepare('SELECT ev.date FROM tournaments t JOIN events ev ON ev.id = t.event_id WHERE t.id = ?')
    .pluck()
    .get(tournamentId) as string;
  const end = new Date(`${date}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 2);
  return end.toISOString();
}

/** A new link for a table: `origin` + `/#/table?key={secret}`; the secret is not kept, only its hash. */
export function createTableLink(
  db: Db,
  tournamentId: number,
  table: number,
  origin: string,
  by: string,
  now = new Date(),
): TableLink {
  tournamentRow(db, tournamentId);
  const secret = newTableSecret();
  const expires = expiryOf(db, tournamentId);
  insertRow(db, 'tournament_table_links', {
    tournament_id: tournamentId,
    table_no: table,
    secret_hash: hashTableSecret(secret),
    created_at: now.toISOString(),
    created_by: by,
    expires_at: expires,
  });
  return { url: `${origin.replace(/\/+$/, '')}/#/table?key=${secret}`, expires_at: expires };
}

/** Revokes every link of a table (the ones revoked already keep their time). */
export function revokeTableLinks(db: Db, tournamentId: number, table: number, now = new Date()): void {
  tournamentRow(db, tournamentId);
  db.prepare(
    'UPDATE tournament_table_links SET revoked_at = ? WHERE tournament_id = ? AND table_no = ? AND revoked_at IS NULL',
  ).run(now.toISOString(), tournamentId, table);
}

/** Who a table key is. */
export function tableDevice(db: Db, holder: TableKeyHolder): TableDevice {
  const t = tournamentRow(db, holder.tournamentId);
  return { tournament_id: t.id, tournament_name: t.name, table: holder.table, expires_at: holder.expiresAt };
}

/** What a device last said of its outbox. */
export function reportTableStatus(db: Db, holder: TableKeyHolder, status: TableStatus): void {
  db.prepare('UPDATE tournament_table_links SET waiting = ?, waiting_since = ? WHERE id = ?').run(
    status.waiting,
    status.waiting > 0 ? status.since : null,
    holder.linkId,
  );
}

interface LinkSums {
  table_no: number;
  live: number;
  last_contact: string | null;
  waiting: number;
  waiting_since: string | null;
}

/**
 * The head table's overview: every table in use (a category at it, or a live link), with its categories, the
 * match now pulling (the call queue's first, the shared `callQueue`, as the table screen shows it), how many are
 * ready, its live links, its devices' last contact and what they last said was waiting in their outbox; and the
 * categories at no table yet.
 */
export function tableOverview(db: Db, tournamentId: number, now = new Date()): TableOverview {
  const t = tournamentRow(db, tournamentId);
  const rows = db
    .prepare('SELECT * FROM tournament_categories WHERE tournament_id = ? ORDER BY id')
    .all(tournamentId) as CategoryRow[];
  const at = now.toISOString();
  const links = db
    .prepare(
      `SELECT table_no,
              SUM(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > @at)) AS live,
              MAX(last_contact_at) AS last_contact,
              SUM(CASE WHEN revoked_at IS NULL AND (expires_at IS NULL OR expires_at > @at) THEN waiting ELSE 0 END)
                AS waiting,
              MIN(CASE WHEN revoked_at IS NULL AND (expires_at IS NULL OR expires_at > @at) AND waiting > 0
                  THEN waiting_since END) AS waiting_since
       FROM tournament_table_links WHERE tournament_id = @id GROUP BY table_no`,
    )
    .all({ id: tournamentId, at }) as LinkSums[];
  const linksOf = new Map(links.map((l) => [l.table_no, l]));
  const tables = new Set<number>([
    ...rows.flatMap((r) => (r.table_no === null ? [] : [r.table_no])),
    ...links.filter((l) => l.live > 0).map((l) => l.table_no),
  ]);
  const entries = entriesByCategory(db, tournamentId);
  return {
    tables: [...tables]
      .sort((a, b) => a - b)
      .map((table) => {
        const here = rows.filter((r) => r.table_no === table);
        const drawn = here.map((r) => loadCategory(db, t, r, entries.get(r.id) ?? [])).filter((c) => c.state !== null);
        const queue = callQueue(drawn.map((c) => ({ key: String(c.row.id), state: c.state! })));
        const first = queue[0];
        const l = linksOf.get(table);
        return {
          table,
          category_ids: here.map((r) => r.id),
          current: first
            ? drawn.find((c) => String(c.row.id) === first.category)!.matchIds.get(first.match.code)!
            : null,
          queue: queue.length,
          links: l?.live ?? 0,
          last_contact: l?.last_contact ?? null,
          waiting: l?.waiting ?? 0,
          waiting_since: l?.waiting_since ?? null,
        };
      }),
    unassigned: rows.filter((r) => r.table_no === null).map((r) => r.id),
  };
}
