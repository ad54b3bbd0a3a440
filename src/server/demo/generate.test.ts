import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../auth/demo-accounts.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { weightClassFor, type Sex } from '../../shared/weight-classes.ts';
import { DEFAULT_SETTINGS } from '../../shared/association.ts';

/** The pounds demo's classes: the default profile's. */
const { M: MEN_CLASSES, F: WOMEN_CLASSES } = DEFAULT_SETTINGS.classes;
const classesFor = (sex: Sex) => DEFAULT_SETTINGS.classes[sex];
import { DEMO_PEOPLE, hasResults, mastersClasses, seedDemoState } from './generate.ts';
import { KG_FEDERATION } from './profiles.ts';

const END = '2026-11-01';

function emptyDb(): Db {
  const db = openDatabase(':memory:');
  migrate(db, migrations);
  return db;
}

const TABLES = {
  clubs: 'id',
  athletes: 'id',
  result_events: 'id',
  placements: 'id',
  supermatch_results: 'id',
  ratings: 'athlete_id, hand',
  rating_history: 'athlete_id, hand, date',
} as const;

function dump(db: Db) {
  return Object.fromEntries(
    Object.entries(TABLES).map(([table, key]) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).all()]),
  );
}

const all = <T>(db: Db, sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];

describe('the demo state (default size)', () => {
  let db: Db;
  beforeAll(() => {
    db = emptyDb();
    expect(hasResults(db)).toBe(false);
    const summary = seedDemoState(db, { end: END });
    expect(summary).toMatchObject({ athletes: 450, clubs: 12, tournaments: 36 });
    expect(summary.placements).toBe(db.prepare('SELECT COUNT(*) FROM placements').pluck().get());
    expect(summary.supermatches).toBe(db.prepare('SELECT COUNT(*) FROM supermatch_results').pluck().get());
  });
  afterAll(() => db.close());

  it('has about 350 men and 100 women, with unique names whatever the case', () => {
    expect(hasResults(db)).toBe(true);
    const bySex = Object.fromEntries(
      all<{ sex: Sex; n: number }>(db, 'SELECT sex, COUNT(*) AS n FROM athletes GROUP BY sex').map((r) => [r.sex, r.n]),
    );
    expect(bySex.M).toBeGreaterThanOrEqual(340);
    expect(bySex.M).toBeLessThanOrEqual(360);
    expect(bySex.F).toBeGreaterThanOrEqual(90);
    expect(bySex.F).toBeLessThanOrEqual(110);
    const names = db.prepare('SELECT name FROM athletes').pluck().all() as string[];
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[A-Z][a-z]+ [A-Z][A-Za-z-]+$/);
  });

  it('fills every weight class of both sexes, with a few unweighed athletes in the top class', () => {
    for (const [sex, classes] of [
      ['M', MEN_CLASSES],
      ['F', WOMEN_CLASSES],
    ] as const) {
      const weights = db.prepare('SELECT weight_lbs FROM athletes WHERE sex = ?').pluck().all(sex) as (number | null)[];
      const counts = new Map<string, number>();
      for (const w of weights)
        counts.set(weightClassFor(w, classes), (counts.get(weightClassFor(w, classes)) ?? 0) + 1);
      for (const c of classes) expect(counts.get(c) ?? 0, `${sex} ${c}`).toBeGreaterThan(20);
    }
    const unweighed = db.prepare('SELECT COUNT(*) FROM athletes WHERE weight_lbs IS NULL').pluck().get() as number;
    expect(unweighed).toBeGreaterThan(0);
    expect(unweighed).toBeLessThan(25);
  });

  it('has the five demo people, with ratings and placements in both hands; Riley Okafor leads a club', () => {
    expect(DEMO_PEOPLE.map((p) => p.name).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.name).sort());
    const expected: Record<string, Sex> = {
      'Jordan Reyes': 'M',
      'Casey Morrow': 'F',
      'Riley Okafor': 'M',
      'Morgan Vance': 'F',
      'Sam Lindqvist': 'M',
    };
    for (const [name, sex] of Object.entries(expected)) {
      const a = db.prepare('SELECT * FROM athletes WHERE name = ?').get(name) as
        { id: number; sex: Sex; club_id: number | null; club_leader: number } | undefined;
      expect(a, name).toBeDefined();
      expect(a!.sex).toBe(sex);
      const rated = db.prepare('SELECT hand FROM ratings WHERE athlete_id = ? ORDER BY hand').pluck().all(a!.id);
      expect(rated, name).toEqual(['LH', 'RH']);
      const placed = db.prepare('SELECT DISTINCT hand FROM placements WHERE athlete_id = ? ORDER BY hand').pluck();
      expect(placed.all(a!.id), name).toEqual(['LH', 'RH']);
      if (name === 'Riley Okafor') {
        expect(a!.club_leader).toBe(1);
        expect(a!.club_id).not.toBeNull();
      }
    }
  });

  it('has a dozen clubs, each with members and one or two leaders; some athletes in none; a few open to challenge', () => {
    const clubs = all<{ name: string; city: string; region: string; members: number; leaders: number }>(
      db,
      `SELECT c.name, c.city, c.region, COUNT(a.id) AS members, COALESCE(SUM(a.club_leader), 0) AS leaders
       FROM clubs c LEFT JOIN athletes a ON a.club_id = c.id GROUP BY c.id`,
    );
    expect(clubs).toHaveLength(12);
    for (const c of clubs) {
      expect(c.city, c.name).toBeTruthy();
      expect(c.region, c.name).toBeTruthy();
      expect(c.members, c.name).toBeGreaterThan(2);
      expect([1, 2], c.name).toContain(c.leaders);
    }
    expect(db.prepare('SELECT COUNT(*) FROM athletes WHERE club_id IS NULL').pluck().get()).toBeGreaterThan(50);
    expect(db.prepare('SELECT COUNT(*) FROM athletes WHERE club_leader = 1 AND club_id IS NULL').pluck().get()).toBe(0);
    const open = db.prepare('SELECT COUNT(*) FROM athletes WHERE open_to_challenge = 1').pluck().get() as number;
    expect(open).toBeGreaterThanOrEqual(3);
    expect(open).toBeLessThan(45);
  });

  it('has one tournament a month on the second Saturday, the last on or before the end date', () => {
    const events = all<{ name: string; short_name: string; date: string }>(
      db,
      "SELECT name, short_name, date FROM result_events WHERE kind = 'tournament' ORDER BY date",
    );
    expect(events).toHaveLength(36);
    expect(events.at(-1)!.date).toBe('2026-10-10'); // November's second Saturday is after 2026-11-01
    expect(events[0]!.date).toBe('2023-11-11');
    expect(new Set(events.map((e) => e.date.slice(0, 7))).size).toBe(36);
    expect(new Set(events.map((e) => e.name)).size).toBe(36);
    expect(new Set(events.map((e) => e.short_name)).size).toBe(36);
    for (const e of events) {
      const d = new Date(`${e.date}T00:00:00Z`);
      expect(d.getUTCDay(), e.date).toBe(6);
      expect(d.getUTCDate(), e.date).toBeGreaterThanOrEqual(8);
      expect(d.getUTCDate(), e.date).toBeLessThanOrEqual(14);
      expect(e.name).toMatch(/ \d{4}$/);
    }
    const latest = db.prepare(
      'SELECT MAX(date) FROM (SELECT date FROM result_events UNION SELECT date FROM supermatch_results)',
    );
    expect((latest.pluck().get() as string) <= END).toBe(true);
  });

  it("ranks each bracket 1..n, in the athlete's own class for open brackets, with few one-person brackets", () => {
    const brackets = all<{ places: string; n: number; sexes: number }>(
      db,
      `SELECT group_concat(p.place) AS places, COUNT(*) AS n, COUNT(DISTINCT p.sex) AS sexes
       FROM (SELECT * FROM placements ORDER BY place) p
       GROUP BY p.event_id, p.hand, p.division, p.category, p.weight_class`,
    );
    for (const b of brackets) {
      expect(b.places).toBe(Array.from({ length: b.n }, (_, i) => i + 1).join(','));
      expect(b.sexes).toBe(1);
    }
    const singles = brackets.filter((b) => b.n === 1).length;
    expect(singles / brackets.length).toBeLessThan(0.1);
    const divisions = db.prepare('SELECT DISTINCT division FROM placements ORDER BY division').pluck().all();
    expect(divisions).toEqual(['am', 'masters', 'pro']);

    const open = all<{ sex: Sex; weight_lbs: number | null; weight_class: string; athlete_sex: Sex }>(
      db,
      `SELECT p.sex, a.sex AS athlete_sex, a.weight_lbs, p.weight_class
       FROM placements p JOIN athletes a ON a.id = p.athlete_id WHERE p.division <> 'masters'`,
    );
    for (const r of open) {
      expect(r.sex).toBe(r.athlete_sex);
      expect(r.weight_class).toBe(weightClassFor(r.weight_lbs, classesFor(r.sex)));
    }
  });

  it("dates each weight to the athlete's last tournament and rates every athlete", () => {
    const stale = db
      .prepare(
        `SELECT COUNT(*) FROM athletes a WHERE a.weight_lbs IS NOT NULL AND a.weighed_on IS NOT
           (SELECT MAX(e.date) FROM placements p JOIN result_events e ON e.id = p.event_id WHERE p.athlete_id = a.id)`,
      )
      .pluck()
      .get();
    expect(stale).toBe(0);
    const unrated = db
      .prepare('SELECT COUNT(*) FROM athletes a WHERE NOT EXISTS (SELECT 1 FROM ratings r WHERE r.athlete_id = a.id)')
      .pluck()
      .get();
    expect(unrated).toBe(0);
  });

  it('has supermatches on cards and standalone, between athletes of one sex and nearby classes, with consistent scores', () => {
    const matches = all<{
      event_id: number | null;
      kind: string | null;
      date: string;
      event_date: string | null;
      a_wins: number;
      b_wins: number;
      best_of: number;
      sex_a: Sex;
      sex_b: Sex;
      weight_a: number | null;
      weight_b: number | null;
    }>(
      db,
      `SELECT s.event_id, e.kind, s.date, e.date AS event_date, s.a_wins, s.b_wins, s.best_of,
              a.sex AS sex_a, b.sex AS sex_b, a.weight_lbs AS weight_a, b.weight_lbs AS weight_b
       FROM supermatch_results s
       JOIN athletes a ON a.id = s.athlete_a JOIN athletes b ON b.id = s.athlete_b
       LEFT JOIN result_events e ON e.id = s.event_id`,
    );
    expect(matches.length).toBeGreaterThan(36);
    expect(matches.some((m) => m.event_id == null)).toBe(true);
    expect(matches.some((m) => m.event_id != null)).toBe(true);
    for (const m of matches) {
      const need = Math.ceil(m.best_of / 2);
      expect([5, 7]).toContain(m.best_of);
      expect(Math.max(m.a_wins, m.b_wins)).toBe(need);
      expect(Math.min(m.a_wins, m.b_wins)).toBeLessThan(need);
      expect(m.a_wins + m.b_wins).toBeLessThanOrEqual(m.best_of);
      expect(m.sex_a).toBe(m.sex_b);
      const classes = classesFor(m.sex_a);
      const gap =
        classes.indexOf(weightClassFor(m.weight_a, classes)) - classes.indexOf(weightClassFor(m.weight_b, classes));
      expect(Math.abs(gap)).toBeLessThanOrEqual(1);
      if (m.event_id != null) {
        expect(m.kind).toBe('supermatch');
        expect(m.date).toBe(m.event_date);
      }
    }
  });
});

describe('seedDemoState', () => {
  it('writes identical rows and ratings for the same options, and different ones for another seed', () => {
    const a = emptyDb();
    const b = emptyDb();
    const c = emptyDb();
    seedDemoState(a, { seed: 7, end: END });
    seedDemoState(b, { seed: 7, end: END });
    seedDemoState(c, { seed: 8, end: END, years: 1 });
    const first = dump(a);
    expect(first.rating_history!.length).toBeGreaterThan(1000);
    expect(dump(b)).toEqual(first);
    const other = c.prepare('SELECT name FROM athletes ORDER BY id').pluck().all();
    expect(other).not.toEqual(a.prepare('SELECT name FROM athletes ORDER BY id').pluck().all());
    [a, b, c].forEach((d) => d.close());
  });

  it('keeps the shape for other sizes and spans', () => {
    const db = emptyDb();
    const summary = seedDemoState(db, { seed: 3, athletes: 100, years: 1, end: '2025-03-08' });
    expect(summary).toMatchObject({ athletes: 100, tournaments: 12, clubs: 3 });
    const women = db.prepare("SELECT COUNT(*) FROM athletes WHERE sex = 'F'").pluck().get() as number;
    expect(women).toBeGreaterThanOrEqual(18);
    expect(women).toBeLessThanOrEqual(26);
    for (const sex of ['M', 'F'] as const) {
      const weights = db.prepare('SELECT weight_lbs FROM athletes WHERE sex = ?').pluck().all(sex) as (number | null)[];
      const seen = new Set(weights.map((w) => weightClassFor(w, classesFor(sex))));
      expect([...seen].sort()).toEqual([...classesFor(sex)].sort());
    }
    // 2025-03-08 is March's second Saturday, so March counts.
    expect(db.prepare("SELECT MAX(date) FROM result_events WHERE kind = 'tournament'").pluck().get()).toBe(
      '2025-03-08',
    );
    expect(db.prepare('SELECT COUNT(*) FROM athletes WHERE name = ?').pluck().get('Riley Okafor')).toBe(1);
    db.close();
  });

  it("pulls masters in the profile's masters classes, else in the classes combined in pairs from the top", () => {
    expect(mastersClasses(DEFAULT_SETTINGS, 'M')).toEqual(['176', '220', '243+']);
    expect(mastersClasses(DEFAULT_SETTINGS, 'F')).toEqual(['144+']);
    expect(mastersClasses(KG_FEDERATION, 'M')).toEqual(['70', '80', '90', '100', '100+']);
    expect(mastersClasses(KG_FEDERATION, 'F')).toEqual(['60', '70', '70+']);
  });

  it('refuses a database that already has athletes, writing nothing', () => {
    const db = emptyDb();
    db.prepare("INSERT INTO athletes (name, sex) VALUES ('Someone Already', 'M')").run();
    expect(hasResults(db)).toBe(true);
    expect(() => seedDemoState(db, { end: END })).toThrow(/already has rows in athletes/);
    expect(db.prepare('SELECT COUNT(*) FROM athletes').pluck().get()).toBe(1);
    expect(db.prepare('SELECT COUNT(*) FROM clubs').pluck().get()).toBe(0);
    expect(db.prepare('SELECT COUNT(*) FROM result_events').pluck().get()).toBe(0);
    db.close();
  });

  it('rejects options it cannot honour', () => {
    const db = emptyDb();
    expect(() => seedDemoState(db, { end: '2026-02-30' })).toThrow(/real date/);
    expect(() => seedDemoState(db, { athletes: 5 })).toThrow(/athletes/);
    expect(() => seedDemoState(db, { years: 0 })).toThrow(/years/);
    expect(hasResults(db)).toBe(false);
    db.close();
  });
});
