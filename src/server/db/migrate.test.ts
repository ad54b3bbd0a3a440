import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection.ts';
import { migrate, MigrationError, type Migration } from './migrate.ts';
import { migrations } from './migrations.ts';

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

  it('the real migrations run on an empty database with WAL and foreign keys on', () => {
    db = openDatabase(':memory:');
    migrate(db, migrations);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tables(db)).toContain('role_grants');
  });
});
