import type { Db } from './connection.ts';

export interface Migration {
  version: number;
  name: string;
  up: (db: Db) => void;
}

export class MigrationError extends Error {}

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
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  const ran: number[] = [];
  for (const m of sorted) {
    if (applied.has(m.version)) continue;
    const apply = db.transaction(() => {
      m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    });
    try {
      apply();
    } catch (err) {
      const current = ran.at(-1) ?? Math.max(0, ...applied);
      throw new MigrationError(
        `Migration ${m.version} (${m.name}) failed: ${(err as Error).message}. ` +
          `The database was left at schema version ${current}; nothing of migration ${m.version} was applied.`,
      );
    }
    ran.push(m.version);
  }
  return ran;
}
