import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { ratingDump, resultsFixture } from '../test/results-fixture.ts';
import { rerate, resultsVersion } from './engine.ts';
import { freshRating, MODEL, ordinal, rateBracket, rateSupermatch, skillOf } from './model.ts';

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
    expect(skillOf(freshRating())).toBe(MODEL.skillOffset);
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
