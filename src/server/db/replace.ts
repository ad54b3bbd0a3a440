import Database from 'better-sqlite3';
import type { Db } from './connection.ts';
import { INSTANCE_SETTINGS, INSTANCE_TABLES } from './instance-secrets.ts';
import { UploadRefused } from './upload-check.ts';

/**
 * Replaces the live data with a checked database file's, in place.
 *
 * Why copy rows instead of swapping files: every route, the sign-in provider
 * and the background jobs were handed the one connection at start, and some
 * prepare their statements once (the leaderboard cache). Swapping the file
 * under them would mean closing that connection and reaching every holder;
 * copying the rows into the live database keeps the connection and every
 * prepared statement valid. The copy is one transaction and runs without a
 * pause (better-sqlite3 is synchronous), so a request in flight reads either
 * all of the old data or all of the new, never a mix, and never a closed
 * database; a failure rolls back and leaves the old data whole.
 *
 * Kept from the live database: its migration bookkeeping (the schema does not
 * change) and this server's sign-in secrets and sessions (instance-secrets.ts).
 * The results version, which keys the leaderboard cache and its ETags, is set
 * above both the old and the new value, so no cached answer or client tag of
 * either database is taken for the new data.
 */
export function replaceContents(live: Db, file: string): void {
  const kept = new Set(['schema_migrations', ...INSTANCE_TABLES]);
  const tables = (
    live
      .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
      .pluck()
      .all() as string[]
  ).filter((t) => !kept.has(t));
  const triggers = live.prepare("SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger'").all() as {
    name: string;
    sql: string;
  }[];
  const versionOf = (schema: string) =>
    Number(live.prepare(`SELECT value FROM ${schema}.settings WHERE key = 'results_version'`).pluck().get() ?? 0) || 0;

  // Attached around the transaction (SQLite will not detach a file a transaction has used); nothing else runs
  // between ATTACH and DETACH, as nothing here awaits.
  live.prepare('ATTACH DATABASE ? AS upload').run(file);
  try {
    live
      .transaction(() => {
        // References are checked once, at the end, so tables can be emptied and filled in any order.
        live.pragma('defer_foreign_keys = ON');
        const version = Math.max(versionOf('main'), versionOf('upload')) + 1;
        // The decision log's triggers refuse deletes; they are ours, put back below before the commit.
        for (const t of triggers) live.exec(`DROP TRIGGER main."${t.name}"`);
        for (const table of tables) {
          live.exec(`DELETE FROM main."${table}"${table === 'settings' ? ` WHERE NOT (${INSTANCE_SETTINGS})` : ''}`);
        }
        for (const table of tables) {
          const columns = (live.pragma(`main.table_info("${table}")`) as { name: string }[])
            .map((c) => `"${c.name}"`)
            .join(', ');
          const only = table === 'settings' ? ` WHERE NOT (${INSTANCE_SETTINGS})` : '';
          live.exec(`INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM upload."${table}"${only}`);
        }
        live
          .prepare("INSERT OR REPLACE INTO main.settings (key, value) VALUES ('results_version', ?)")
          .run(String(version));
        for (const t of triggers) live.exec(t.sql);
      })
      .immediate();
  } catch (err) {
    // A row the live schema refuses (a broken rule, a dangling reference at commit): the file's fault.
    if (err instanceof Database.SqliteError && err.code.startsWith('SQLITE_CONSTRAINT')) {
      throw new UploadRefused(`The database holds rows this app refuses: ${err.message}.`);
    }
    throw err;
  } finally {
    live.exec('DETACH DATABASE upload');
  }
  // The whole database went through the write-ahead log: fold it in and shrink the log file again.
  live.pragma('wal_checkpoint(TRUNCATE)');
}
