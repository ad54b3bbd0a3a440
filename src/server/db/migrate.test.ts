import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection.ts';
import { loadMigrations, migrate, MigrationError, type Migration } from './migrate.ts';
import { migrations } from './migrations.ts';
import { checkUpload, schemaOf } from './upload-check.ts';

let db: Db;
afterEach(() => db?.close());

const tables = (d: Db) =>
  d.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];

describe('migrations', () => {
  it('apply each once, in order, and record it', () => {
    db = openDatabase(':memory:');
    const order: number[] = [];
    const list: Migration[] = [
      { version: 2, name: 'b', up: (d) => (order.push(2), d.exec('CREATE TABLE b (x)')) },
      { version: 1, name: 'a', up: (d) => (order.push(1), d.exec('CREATE TABLE a (x)')) },
    ];
    expect(migrate(db, list)).toEqual([1, 2]);
    expect(migrate(db, list)).toEqual([]);
    expect(order).toEqual([1, 2]);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([1, 2]);
  });

  it('a failing migration leaves the previous schema intact and says so', () => {
    db = openDatabase(':memory:');
    const ok: Migration = { version: 1, name: 'ok', up: (d) => d.exec('CREATE TABLE kept (x)') };
    const bad: Migration = {
      version: 2,
      name: 'half done',
      up: (d) => d.exec('CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);'),
    };
    migrate(db, [ok]);
    expect(() => migrate(db, [ok, bad])).toThrow(MigrationError);
    try {
      migrate(db, [ok, bad]);
    } catch (err) {
      expect((err as Error).message).toMatch(/Migration 2 \(half done\) failed: .*left at schema version 1/);
    }
    expect(tables(db)).toEqual(['kept', 'schema_migrations']);
  });

  it('migration 11 closes the conflicts an earlier version left open beside a removed result, and only those', () => {
    db = openDatabase(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 10),
    );
    // Rows alone, without their tournament: the keys are not what this checks.
    db.pragma('foreign_keys = OFF');
    db.prepare(
      `INSERT INTO tournament_results (match_id, winner, method, entry_a, entry_b, recorded_at, recorded_by)
       VALUES (1, 'A', 'pin', 1, 2, '2026-11-20T10:00:00Z', 'head table')`,
    ).run();
    const conflict = db.prepare(
      `INSERT INTO tournament_conflicts (id, match_id, winner, method, warnings_a, warnings_b, fouls_a, fouls_b,
         entry_a, entry_b, sent_at, sent_by, source, closed_at, closed_by, closed_how)
       VALUES (?, ?, 'B', 'pin', 0, 0, 0, 0, 1, 2, '2026-11-20T10:01:00Z', 'Table 1', 'table:1', ?, ?, ?)`,
    );
    conflict.run(1, 1, null, null, null); // beside a result in force: stays open
    conflict.run(2, 2, null, null, null); // its result is gone: closed as reset
    conflict.run(3, 3, '2026-11-20T10:02:00Z', 'admin', 'dismissed'); // closed already: untouched
    migrate(db, migrations);
    const rows = db.prepare('SELECT id, closed_by, closed_how FROM tournament_conflicts ORDER BY id').all();
    expect(rows).toEqual([
      { id: 1, closed_by: null, closed_how: null },
      { id: 2, closed_by: 'schema update 11', closed_how: 'reset' },
      { id: 3, closed_by: 'admin', closed_how: 'dismissed' },
    ]);
    expect(() =>
      db.prepare("UPDATE tournament_conflicts SET closed_at = 'x', closed_how = 'undone' WHERE id = 1").run(),
    ).not.toThrow();
    expect(() => db.prepare("UPDATE tournament_conflicts SET closed_how = 'lost' WHERE id = 1").run()).toThrow(/CHECK/);
  });

  it('migration 13 takes any division code and keeps every category with its entries, matches and unit', () => {
    db = openDatabase(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 12),
    );
    db.exec(`
      INSERT INTO events (id, name, date, created_at, updated_at) VALUES (1, 'Open', '2026-05-01', 'x', 'x');
      INSERT INTO athletes (id, name, sex) VALUES (1, 'Al Arm', 'M');
      INSERT INTO tournaments (id, event_id, name, super_final, fouls_to_lose, call_seconds, team_points, created_at,
        created_by) VALUES (1, 1, 'Open', 1, 2, 60, '[25]', '2026-05-01T09:00:00Z', 'admin');
      INSERT INTO tournament_categories (id, tournament_id, sex, hand, weight_class, division)
        VALUES (7, 1, 'M', 'RH', '198', 'grand_masters');
      INSERT INTO tournament_entries (id, category_id, athlete_id, weight) VALUES (3, 7, 1, 197.5);
      INSERT INTO tournament_matches (id, category_id, code) VALUES (5, 7, 'W1');`);
    expect(migrate(db, migrations)).toContain(13);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT id, division, units FROM tournament_categories').all()).toEqual([
      { id: 7, division: 'grand_masters', units: 'lbs' },
    ]);
    expect(db.prepare('SELECT id, category_id, weight FROM tournament_entries').all()).toEqual([
      { id: 3, category_id: 7, weight: 197.5 },
    ]);
    expect(db.prepare('SELECT id, category_id FROM tournament_matches').all()).toEqual([{ id: 5, category_id: 7 }]);
    const add = db.prepare(
      "INSERT INTO tournament_categories (tournament_id, sex, hand, weight_class, division, units) VALUES (1, 'M', 'LH', '80', ?, ?)",
    );
    expect(() => add.run('para_2', 'kg')).not.toThrow();
    expect(() => add.run('Para', 'kg')).toThrow(/CHECK/);
    expect(() => add.run('senior', 'stone')).toThrow(/CHECK/);
    // The references point at the new table: its rows are still what entries and matches need and go with.
    expect(() => db.prepare('INSERT INTO tournament_entries (category_id, athlete_id) VALUES (99, 1)').run()).toThrow(
      /FOREIGN KEY/,
    );
    db.prepare('DELETE FROM tournament_categories WHERE id = 7').run();
    expect(db.prepare('SELECT COUNT(*) FROM tournament_entries').pluck().get()).toBe(0);
  });

  it('a migration that runs with the foreign keys off is refused inside a transaction, and checks references', () => {
    db = openDatabase(':memory:');
    db.exec('CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p (id));');
    const orphan: Migration = {
      version: 1,
      name: 'orphan',
      foreignKeysOff: true,
      up: (d) => d.exec('INSERT INTO c VALUES (42)'),
    };
    expect(() => db.transaction(() => migrate(db, [orphan]))()).toThrow(/must run outside a transaction/);
    expect(() => migrate(db, [orphan])).toThrow(/Migration 1 \(orphan\) failed: it left 1 broken references/);
    expect(db.prepare('SELECT COUNT(*) FROM c').pluck().get()).toBe(0);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('the real migrations run on an empty database with WAL and foreign keys on', () => {
    db = openDatabase(':memory:');
    migrate(db, migrations);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tables(db)).toContain('role_grants');
  });
});

/**
 * Databases made before the migrations moved into SQL files (by the code that
 * held them in migrations.ts), kept as they were: one at the latest level of
 * that time, one at level 5 with a few rows.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function copyOf(fixture: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-migrate-'));
  scratch.push(dir);
  const file = path.join(dir, 'app.db');
  fs.copyFileSync(path.join(FIXTURES, fixture), file);
  return file;
}
function freshSchema() {
  const fresh = openDatabase(':memory:');
  migrate(fresh, migrations);
  const schema = schemaOf(fresh);
  fresh.close();
  return schema;
}

describe('migrations as SQL files', () => {
  it('are the files of db/migrations, numbered 1, 2, 3 ... without a gap, each named', () => {
    const files = fs.readdirSync(path.join(import.meta.dirname, 'migrations'));
    expect(files.every((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))).toBe(true);
    expect(migrations.map((m) => m.version)).toEqual(files.map((_, i) => i + 1));
    expect(migrations.every((m) => m.name.length > 0)).toBe(true);
  });

  it('a database made by the code migrations opens as it is: nothing to run, the same schema and history', () => {
    const file = copyOf('made-at-version-8.db');
    expect(checkUpload(file, migrations)).toEqual({ level: 8, schemaVersion: migrations.at(-1)!.version });
    db = openDatabase(file);
    expect(
      migrate(
        db,
        migrations.filter((m) => m.version <= 8),
      ),
    ).toEqual([]);
    expect(schemaOf(db)).toEqual(freshSchema());
    expect(db.prepare('SELECT name FROM athletes').pluck().all()).toEqual(['Alex Able']);
  });

  it('an older database made by the code migrations upgrades to exactly the schema of a new one, rows kept', () => {
    const file = copyOf('made-at-version-5.db');
    db = openDatabase(file);
    expect(migrate(db, migrations)).toEqual(migrations.filter((m) => m.version > 5).map((m) => m.version));
    expect(schemaOf(db)).toEqual(freshSchema());
    expect(db.prepare('SELECT principal, role FROM role_grants').all()).toEqual([
      { principal: 'chair@association.example', role: 'admin' },
    ]);
    expect(db.prepare('SELECT name, leaders, verified FROM clubs').all()).toEqual([
      { name: 'Valley Arms', leaders: '[]', verified: 0 },
    ]);
    expect(db.prepare('SELECT text, handled_at FROM feedback').all()).toEqual([{ text: 'Fast', handled_at: null }]);
    // The same file, uploaded through the developer tools, is taken and brought forward too.
    expect(checkUpload(copyOf('made-at-version-5.db'), migrations)).toMatchObject({ level: 5 });
  });

  it('a folder is read in the order of the numbers, with code run after its SQL in the same transaction', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-migrations-'));
    scratch.push(dir);
    fs.writeFileSync(path.join(dir, '0002_b.sql'), '-- name: second\nCREATE TABLE b (x);\n');
    fs.writeFileSync(path.join(dir, '0001_a.sql'), '-- name: first\nCREATE TABLE a (x);\nINSERT INTO a VALUES (1);\n');
    fs.writeFileSync(path.join(dir, 'README.md'), 'Not a migration.');
    const loaded = loadMigrations(dir, { 2: (d) => d.exec('INSERT INTO b SELECT x * 10 FROM a') });
    expect(loaded.map((m) => [m.version, m.name])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    db = openDatabase(':memory:');
    expect(migrate(db, loaded)).toEqual([1, 2]);
    expect(db.prepare('SELECT x FROM b').pluck().all()).toEqual([10]);

    // Code that fails takes its file's SQL back with it.
    const failing = loadMigrations(dir, {
      2: () => {
        throw new Error('transform failed');
      },
    });
    const other = openDatabase(':memory:');
    expect(() => migrate(other, failing)).toThrow(/Migration 2 \(second\) failed: transform failed/);
    expect(tables(other)).toEqual(['a', 'schema_migrations']);
    other.close();
  });

  it('refuses a badly named file, a file without its name line, and code for a migration without a file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-migrations-'));
    scratch.push(dir);
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE a (x);\n');
    expect(() => loadMigrations(dir)).toThrow(/0001_a\.sql: the first line must name the migration/);
    fs.writeFileSync(path.join(dir, '0001_a.sql'), '-- name: first\nCREATE TABLE a (x);\n');
    expect(() => loadMigrations(dir, { 2: () => undefined })).toThrow(/Code for migration 2/);
    fs.writeFileSync(path.join(dir, '2_tournaments.sql'), '-- name: tournaments\n');
    expect(() => loadMigrations(dir)).toThrow(/2_tournaments\.sql: a migration file is named like/);
  });
});
