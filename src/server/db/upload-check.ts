import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from './connection.ts';
import { migrate, MigrationError, type Migration } from './migrate.ts';

/**
 * The checks a database file passes before it may replace the live data. The
 * file is untrusted: it may be truncated, not SQLite at all, or made to run
 * code of its own (a trigger or a view that fires inside our statements). It is
 * opened read-only with schema functions untrusted, and it must be exactly a
 * database this app made: the same tables, indexes and triggers, word for word,
 * as a fresh database migrated to the same level, and no more.
 */

export class UploadRefused extends Error {}

export interface CheckedUpload {
  /** The file's migration level as uploaded. */
  level: number;
  /** The level after migrating forward (this app's latest). */
  schemaVersion: number;
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Statistics tables SQLite itself writes when someone runs ANALYZE (or PRAGMA
 * optimize). They only steer the query planner; a file may have them or not,
 * and they are never copied.
 */
const STATISTICS: Record<string, string> = {
  'table sqlite_stat1': 'sqlite_stat1\nCREATE TABLE sqlite_stat1(tbl,idx,stat)',
  'table sqlite_stat4': 'sqlite_stat4\nCREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)',
};

/** Every schema object of a database: "type name" -> its table and its SQL with runs of whitespace folded. */
export function schemaOf(db: Db): Map<string, string> {
  const rows = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[];
  return new Map(
    rows.map((r) => [`${r.type} ${r.name}`, `${r.tbl_name}\n${(r.sql ?? '').replace(/\s+/g, ' ').trim()}`]),
  );
}

/** The schema of a new, empty database migrated up to `level`. */
function freshSchema(migrations: readonly Migration[], level: number): Map<string, string> {
  const fresh = new Database(':memory:');
  try {
    migrate(
      fresh,
      migrations.filter((m) => m.version <= level),
    );
    return schemaOf(fresh);
  } finally {
    fresh.close();
  }
}

/** The first few differences between a file's schema and the expected one, in words; empty when they match. */
function schemaDifferences(actual: Map<string, string>, expected: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [key, value] of actual) {
    const wanted = expected.get(key) ?? STATISTICS[key];
    if (wanted === undefined) found.push(`it has a ${key} that this app did not create`);
    else if (wanted !== value) found.push(`its ${key} differs from this app's`);
  }
  for (const key of expected.keys()) if (!actual.has(key)) found.push(`it lacks the ${key}`);
  return found.slice(0, 5);
}

function refuseUnlessSame(actual: Map<string, string>, expected: Map<string, string>, what: string): void {
  const differences = schemaDifferences(actual, expected);
  if (differences.length) throw new UploadRefused(`${what}: ${differences.join('; ')}.`);
}

/** The file's migration level, refused unless its history is exactly a beginning of ours. */
function migrationLevel(file: Db, migrations: readonly Migration[]): number {
  const ours = [...migrations].sort((a, b) => a.version - b.version);
  const latest = ours.at(-1)?.version ?? 0;
  const rows = file.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as {
    version: unknown;
    name: unknown;
  }[];
  if (rows.length === 0)
    throw new UploadRefused('The database has no migrations recorded: it was not made by this app.');
  const level = Math.max(...rows.map((r) => Number(r.version)));
  if (level > latest) {
    throw new UploadRefused(
      `The database is at schema version ${level}, newer than this server knows (${latest}): update the server first.`,
    );
  }
  const expected = ours.filter((m) => m.version <= level);
  const same =
    rows.length === expected.length &&
    rows.every((r, i) => r.version === expected[i]!.version && r.name === expected[i]!.name);
  if (!same) throw new UploadRefused("The database's migration history is not this app's.");
  return level;
}

function readOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // Functions named in the file's schema may not run with side effects, and damaged pages are caught while reading.
  db.pragma('trusted_schema = OFF');
  db.pragma('cell_size_check = ON');
  return db;
}

/** Checks the file at level it came with: readable, intact, ours, with every reference pointing at a row. */
function checkAsUploaded(file: string, migrations: readonly Migration[]): number {
  const db = readOnly(file);
  try {
    const problems = db.pragma('integrity_check(5)', { simple: false }) as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0]!.integrity_check !== 'ok') {
      throw new UploadRefused(`The database is damaged: ${problems.map((p) => p.integrity_check).join('; ')}.`);
    }
    // The live database reads the file's rows directly, which SQLite allows only between files of one text encoding.
    const encoding = db.pragma('encoding', { simple: true }) as string;
    if (encoding !== 'UTF-8') throw new UploadRefused(`The database stores text as ${encoding}; this app's use UTF-8.`);
    const schema = schemaOf(db);
    // The bookkeeping table comes first: its rows say which schema the rest must have.
    const bookkeeping = freshSchema(migrations, 0).get('table schema_migrations');
    if (schema.get('table schema_migrations') !== bookkeeping) {
      throw new UploadRefused('The database has no schema_migrations table of this app: it was not made by this app.');
    }
    const level = migrationLevel(db, migrations);
    refuseUnlessSame(schema, freshSchema(migrations, level), `The database is not one this app made`);
    const orphans = db.pragma('foreign_key_check') as { table: string; parent: string }[];
    if (orphans.length) {
      const first = orphans[0]!;
      throw new UploadRefused(
        `The database has ${orphans.length} row(s) referring to rows that do not exist (first: ${first.table} -> ${first.parent}).`,
      );
    }
    return level;
  } finally {
    db.close();
  }
}

/**
 * Checks an uploaded file and, when it comes from an older version of the app,
 * migrates it forward in place (the file is the caller's private copy, never
 * the live database). Throws UploadRefused with the reason otherwise.
 */
export function checkUpload(file: string, migrations: readonly Migration[]): CheckedUpload {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, header.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!header.equals(SQLITE_HEADER)) throw new UploadRefused('The file is not an SQLite database.');

  try {
    const level = checkAsUploaded(file, migrations);
    const latest = Math.max(0, ...migrations.map((m) => m.version));
    if (level < latest) migrateForward(file, migrations);
    return { level, schemaVersion: latest };
  } catch (err) {
    // SQLite's own complaints about the file ("file is not a database", "malformed") are reasons too.
    if (err instanceof Database.SqliteError) throw new UploadRefused(`The database could not be read: ${err.message}.`);
    if (err instanceof MigrationError)
      throw new UploadRefused(`The database could not be migrated forward: ${err.message}`);
    throw err;
  }
}

/** Brings a checked file from an older level to ours, and checks that it then has exactly our latest schema. */
function migrateForward(file: string, migrations: readonly Migration[]): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('trusted_schema = OFF');
    migrate(db, migrations);
    refuseUnlessSame(
      schemaOf(db),
      freshSchema(migrations, Infinity),
      "After migrating forward the database is not like this app's",
    );
  } finally {
    db.close();
  }
}
