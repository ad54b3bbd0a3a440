import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './connection.ts';

export interface Migration {
  version: number;
  name: string;
  up: (db: Db) => void;
  /**
   * Runs with the foreign keys off (its file says `-- foreign keys: off`): a migration that makes a referenced
   * table again, whose old table's DROP would otherwise delete or orphan the rows that refer to it. Every
   * reference is checked before it commits.
   */
  foreignKeysOff?: boolean;
}

export class MigrationError extends Error {}

/** `0001_roles.sql`: four digits (the version), an underscore, a short name. */
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
/** The first line of a migration file: its name as schema_migrations records it. */
const NAME_LINE = /^-- name: (.+)$/;
/** A line of a migration file's opening comment: it runs with the foreign keys off (see Migration). */
const FOREIGN_KEYS_OFF = /^-- foreign keys: off$/m;

/**
 * The migrations of a folder, one SQL file each, in the order of their
 * numbers. The file's first line names it (`-- name: ...`, the name the
 * database records, which an uploaded database's history is checked
 * against). A migration that needs code besides its SQL (a data transform)
 * keeps its SQL file, says so in a comment there, and passes the code as
 * `code[version]`: it runs after the file's SQL, in the same transaction.
 */
export function loadMigrations(dir: string, code: Record<number, (db: Db) => void> = {}): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const loaded = files.map((file): Migration => {
    const version = Number(MIGRATION_FILE.exec(file)?.[1]);
    if (!version) throw new MigrationError(`${file}: a migration file is named like 0009_short_name.sql.`);
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const name = NAME_LINE.exec(sql.split('\n', 1)[0]!.trim())?.[1];
    if (!name) throw new MigrationError(`${file}: the first line must name the migration: -- name: what it does`);
    const after = code[version];
    return {
      version,
      name,
      up: (db) => {
        db.exec(sql);
        after?.(db);
      },
      ...(FOREIGN_KEYS_OFF.test(sql) ? { foreignKeysOff: true } : {}),
    };
  });
  for (const version of Object.keys(code).map(Number)) {
    if (!loaded.some((m) => m.version === version))
      throw new MigrationError(`Code for migration ${version}, which has no SQL file.`);
  }
  return loaded;
}

/** The latest migration applied to the database (null before any). */
export function schemaVersion(db: Db): number | null {
  return db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number | null;
}

/**
 * Applies, in order, each migration not yet recorded. Each runs in its own
 * transaction together with its bookkeeping row, so a failing migration leaves
 * the schema exactly as the previous one left it.
 */
export function migrate(db: Db, migrations: readonly Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (i > 0 && sorted[i - 1]!.version === m.version) {
      throw new MigrationError(`Two migrations share version ${m.version}.`);
    }
  });
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const ran: number[] = [];
  for (const m of sorted) {
    if (applied.has(m.version)) continue;
    // SQLite only turns the references off outside a transaction, so such a migration cannot run inside one.
    const keysOff = m.foreignKeysOff === true && db.pragma('foreign_keys', { simple: true }) === 1;
    if (keysOff && db.inTransaction) {
      throw new MigrationError(`Migration ${m.version} (${m.name}) must run outside a transaction.`);
    }
    const apply = db.transaction(() => {
      m.up(db);
      if (keysOff) {
        const broken = db.pragma('foreign_key_check') as { table: string }[];
        if (broken.length) throw new Error(`it left ${broken.length} broken references (in ${broken[0]!.table})`);
      }
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    });
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      apply();
    } catch (err) {
      const current = ran.at(-1) ?? Math.max(0, ...applied);
      throw new MigrationError(
        `Migration ${m.version} (${m.name}) failed: ${(err as Error).message}. ` +
          `The database was left at schema version ${current}; nothing of migration ${m.version} was applied.`,
      );
    } finally {
      if (keysOff) db.pragma('foreign_keys = ON');
    }
    ran.push(m.version);
  }
  return ran;
}
