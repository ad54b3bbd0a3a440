import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations.ts';

/** Migration 15: weights stored with the unit they were entered in. */
let db: Db;
afterEach(() => db?.close());

describe('weights with their unit (migration 15)', () => {
  it('keeps every weight stored before as pounds, exactly, and weight_lbs reads as it did', () => {
    db = openDatabase(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version < 15),
    );
    db.prepare(
      "INSERT INTO athletes (name, sex, weight_lbs) VALUES ('Pat Pound', 'M', 198.6), ('Nell None', 'F', NULL)",
    ).run();
    migrate(db, migrations);
    expect(db.prepare('SELECT name, weight, weight_unit, weight_lbs FROM athletes ORDER BY id').all()).toEqual([
      { name: 'Pat Pound', weight: 198.6, weight_unit: 'lbs', weight_lbs: 198.6 },
      { name: 'Nell None', weight: null, weight_unit: null, weight_lbs: null },
    ]);
  });

  it('refuses a weight without its unit, a unit without a weight, and a write of weight_lbs', () => {
    db = openDatabase(':memory:');
    migrate(db, migrations);
    const insert = (sql: string) => () => db.prepare(sql).run();
    expect(insert("INSERT INTO athletes (name, sex, weight) VALUES ('A', 'M', 80)")).toThrow(/stored with its unit/);
    expect(insert("INSERT INTO athletes (name, sex, weight_unit) VALUES ('A', 'M', 'kg')")).toThrow(
      /stored with its unit/,
    );
    expect(insert("INSERT INTO athletes (name, sex, weight, weight_unit) VALUES ('A', 'M', 80, 'stone')")).toThrow(
      /CHECK constraint/,
    );
    expect(insert("INSERT INTO athletes (name, sex, weight_lbs) VALUES ('A', 'M', 176)")).toThrow(/generated column/);
    insert("INSERT INTO athletes (name, sex, weight, weight_unit) VALUES ('A', 'M', 80, 'kg')")();
    expect(db.prepare('SELECT weight_lbs FROM athletes').pluck().get()).toBe(80 / 0.45359237);
    expect(insert('UPDATE athletes SET weight = NULL')).toThrow(/stored with its unit/);
  });
});
