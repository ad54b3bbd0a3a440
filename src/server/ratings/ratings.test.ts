import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { ratingDump, resultsFixture } from '../test/results-fixture.ts';
import { rerate, resultsVersion, storedTemperature } from './engine.ts';
import { freshRating, MODEL, MODEL_VERSION, ordinal, rateBracket, rateSupermatch, skillOf } from './model.ts';

const dbs: Db[] = [];
afterEach(() => dbs.splice(0).forEach((d) => d.close()));
function fresh() {
  const db = openDatabase(':memory:');
  migrate(db, migrations);
  dbs.push(db);
  return db;
}

/** Four men, two tournaments and a supermatch. */
function seed(db: Db, upTo: 1 | 2 | 3) {
  const f = resultsFixture(db);
  for (const [n, w] of [
    ['Ann Ax', 150],
    ['Bo Bell', 170],
    ['Cy Cole', 200],
    ['Di Dunn', 260],
  ] as const)
    f.athlete(n, 'M', w);
  const e1 = f.event('Winter Open', '2025-01-11');
  f.bracket(e1, 'RH', ['Cy Cole', 'Ann Ax', 'Bo Bell', 'Di Dunn']);
  f.bracket(e1, 'LH', ['Ann Ax', 'Cy Cole', 'Di Dunn']);
  if (upTo >= 2) {
    const e2 = f.event('Spring Open', '2025-03-08');
    f.bracket(e2, 'RH', ['Ann Ax', 'Cy Cole', 'Di Dunn', 'Bo Bell']);
  }
  if (upTo >= 3) f.supermatch('2025-04-01', 'Di Dunn', 'Cy Cole', 'RH', 3, 1, 5);
  return f;
}

describe('rating model', () => {
  it('skill is monotonic in the conservative estimate and clamped to 0-60', () => {
    const skills = [-100, -30, -10, 0, 5, 10, 20, 30, 35, 50, 100].map((o) => skillOf({ mu: o + 3 * 2, sigma: 2 }));
    for (let i = 1; i < skills.length; i++) expect(skills[i]!).toBeGreaterThanOrEqual(skills[i - 1]!);
    expect(skills[0]).toBe(0);
    expect(skills.at(-1)).toBe(60);
    // A newcomer shows 25, whatever the constants.
    expect(skillOf(freshRating())).toBe(25);
  });

  it('a bracket winner gains and the last loses; a sweep moves more than a close supermatch', () => {
    const [first, , last] = rateBracket([freshRating(), freshRating(), freshRating()], [1, 2, 3]);
    expect(first!.mu).toBeGreaterThan(MODEL.mu);
    expect(last!.mu).toBeLessThan(MODEL.mu);
    const [sweep] = rateSupermatch(freshRating(), freshRating(), 3, 0, 5);
    const [close] = rateSupermatch(freshRating(), freshRating(), 3, 2, 5);
    expect(sweep.mu).toBeGreaterThan(close.mu);
    expect(close.mu).toBeGreaterThan(MODEL.mu);
    const [, loserOf7] = rateSupermatch(freshRating(), freshRating(), 4, 0, 7);
    expect(ordinal(loserOf7)).toBeLessThan(ordinal(freshRating()));
  });
});

describe('rating engine', () => {
  it('recomputing gives the same numbers to the last digit', () => {
    const db = fresh();
    seed(db, 3);
    expect(rerate(db).mode).toBe('full');
    const first = ratingDump(db);
    expect(rerate(db, { full: true }).mode).toBe('full');
    expect(ratingDump(db)).toEqual(first);
    expect(first.ratings).toHaveLength(7); // 4 RH + 3 LH
  });

  it('new results are applied incrementally and match a full recompute exactly', () => {
    const stepwise = fresh();
    seed(stepwise, 1);
    rerate(stepwise);
    const v1 = resultsVersion(stepwise);
    const f = resultsFixture(stepwise);
    for (const row of stepwise.prepare('SELECT id, name FROM athletes').all() as { id: number; name: string }[]) {
      f.ids.set(row.name, row.id);
    }
    const e2 = f.event('Spring Open', '2025-03-08');
    f.bracket(e2, 'RH', ['Ann Ax', 'Cy Cole', 'Di Dunn', 'Bo Bell']);
    expect(rerate(stepwise)).toEqual({ mode: 'incremental', units: 1 });
    f.supermatch('2025-04-01', 'Di Dunn', 'Cy Cole', 'RH', 3, 1, 5);
    expect(rerate(stepwise)).toEqual({ mode: 'incremental', units: 1 });
    expect(resultsVersion(stepwise)).toBe(v1 + 2);
    expect(rerate(stepwise).mode).toBe('unchanged');

    const atOnce = fresh();
    seed(atOnce, 3);
    rerate(atOnce);
    expect(ratingDump(stepwise)).toEqual(ratingDump(atOnce));
  });

  it('a back-dated result makes a full recompute', () => {
    const db = fresh();
    const f = seed(db, 2);
    rerate(db);
    f.supermatch('2025-02-01', 'Bo Bell', 'Ann Ax', 'RH', 3, 0, 5);
    expect(rerate(db).mode).toBe('full');
    const history = db
      .prepare("SELECT date FROM rating_history WHERE athlete_id = ? AND hand = 'RH' ORDER BY date")
      .pluck()
      .all(f.ids.get('Bo Bell'));
    expect(history).toEqual(['2025-01-11', '2025-02-01', '2025-03-08']);
  });
});

describe('the win chance kept beside the ratings', () => {
  const predictions = (db: Db) =>
    db
      .prepare('SELECT date, athlete_a, athlete_b, best_of, raw, shown, a_won FROM rating_predictions ORDER BY id')
      .all();

  it('every decided match is kept as predicted the evening before, the same whether rated at once or day by day', () => {
    const stepwise = fresh();
    seed(stepwise, 2);
    rerate(stepwise);
    const f = resultsFixture(stepwise);
    for (const row of stepwise.prepare('SELECT id, name FROM athletes').all() as { id: number; name: string }[]) {
      f.ids.set(row.name, row.id);
    }
    f.supermatch('2025-04-01', 'Di Dunn', 'Cy Cole', 'RH', 3, 1, 5);
    f.supermatch('2025-05-01', 'Cy Cole', 'Di Dunn', 'RH', 3, 2, 5);
    expect(rerate(stepwise).mode).toBe('incremental');

    const atOnce = fresh();
    const g = seed(atOnce, 3);
    g.supermatch('2025-05-01', 'Cy Cole', 'Di Dunn', 'RH', 3, 2, 5);
    rerate(atOnce);
    const kept = predictions(atOnce) as { date: string; raw: number; shown: number; a_won: number }[];
    expect(kept.map((p) => [p.date, p.a_won])).toEqual([
      ['2025-04-01', 1],
      ['2025-05-01', 1],
    ]);
    // The first was shown as the model gave it (nothing to calibrate with yet); the second with what the first taught.
    expect(kept[0]!.shown).toBeCloseTo(kept[0]!.raw, 12);
    expect(kept[1]!.shown).not.toBe(kept[1]!.raw);
    expect(predictions(stepwise)).toEqual(kept);
    expect(storedTemperature(stepwise)).toBeCloseTo(storedTemperature(atOnce), 9);
  });

  it('ratings made by other constants are recomputed once, and the decision log says so', () => {
    const db = fresh();
    seed(db, 3);
    rerate(db);
    const before = ratingDump(db);
    const older = { version: MODEL_VERSION - 1, constants: { ...MODEL, beta: 25 / 6 } };
    db.prepare("UPDATE settings SET value = ? WHERE key = 'ratings_model'").run(JSON.stringify(older));
    db.prepare('DELETE FROM ratings WHERE hand = ?').run('LH'); // what other constants left: anything at all

    const changed = rerate(db, { at: '2026-11-29T08:00:00.000Z' });
    expect(changed).toMatchObject({ mode: 'full', modelChanged: { from: MODEL_VERSION - 1, to: MODEL_VERSION } });
    expect(ratingDump(db)).toEqual(before);
    const logged = db.prepare("SELECT * FROM decisions WHERE subject = 'rating_model'").all() as {
      subject_id: number;
      from_status: string;
      to_status: string;
      decided_by: string;
      decided_at: string;
      detail: string;
    }[];
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      subject_id: MODEL_VERSION,
      from_status: 'pending',
      to_status: 'in_use',
      decided_by: 'rating engine',
      decided_at: '2026-11-29T08:00:00.000Z',
    });
    const detail = JSON.parse(logged[0]!.detail) as { replaced: typeof older; constants: typeof MODEL };
    expect(detail.replaced).toEqual(older);
    expect(detail.constants).toEqual(MODEL);
    // Once: the next rerate finds the constants it stored.
    expect(rerate(db).mode).toBe('unchanged');
    expect(db.prepare("SELECT COUNT(*) FROM decisions WHERE subject = 'rating_model'").pluck().get()).toBe(1);
  });

  it('a database rated before the constants were stored is recomputed once too; an empty one logs nothing', () => {
    const db = fresh();
    seed(db, 3);
    rerate(db);
    db.prepare("DELETE FROM settings WHERE key = 'ratings_model'").run();
    expect(rerate(db).modelChanged).toEqual({ from: null, to: MODEL_VERSION });
    const empty = fresh();
    expect(rerate(empty).modelChanged).toBeUndefined();
    expect(empty.prepare('SELECT COUNT(*) FROM decisions').pluck().get()).toBe(0);
  });
});
