import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** Opens (creating if needed) the SQLite file with the settings every connection must have. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  return db;
}

export type ColumnValue = string | number | boolean | null | undefined;

/** Inserts one row of named columns into `table` (undefined as NULL, booleans as 0/1); the new row's id. */
export function insertRow(db: Db, table: string, values: Record<string, ColumnValue>): number {
  const names = Object.keys(values);
  const row = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v === undefined ? null : typeof v === 'boolean' ? Number(v) : v]),
  );
  const sql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`;
  return Number(db.prepare(sql).run(row).lastInsertRowid);
}
