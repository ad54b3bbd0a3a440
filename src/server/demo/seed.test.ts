import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associationSchema } from '../../shared/association-schema.ts';
import { classesOf, classLabel, divisionLabel, type Association } from '../../shared/association.ts';
import { leaderboardSchema } from '../../shared/rankings.ts';
import { tournamentSchema } from '../../shared/tournament-contract/tournament.ts';
import { weightClassFor, type Sex } from '../../shared/weight-classes.ts';
import { writeSettings } from '../association/store.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { createHarness } from '../test/harness.ts';
import { seedDemoState } from './generate.ts';
import { DEMO_PROFILES, KG_FEDERATION } from './profiles.ts';
import { seedDemo, storeDemoProfile } from './seed.ts';

/** The kilogram demo as `DEMO_ASSOCIATION=kg npm start` writes it into an empty database, on one day. */
const NOW = new Date('2026-03-13T12:00:00Z');
const SEXES = ['M', 'F'] as const;

let h: Awaited<ReturnType<typeof createHarness>>;
let profile: Association;
const all = <T>(sql: string, ...params: unknown[]) => h.db.prepare(sql).all(...params) as T[];

beforeAll(async () => {
  h = await createHarness();
  seedDemo(h.db, 'kg', NOW);
  profile = associationSchema.parse(await (await h.request('/api/v1/association')).json());
});
afterAll(() => h.close());

describe('the kilogram demo (DEMO_ASSOCIATION=kg)', () => {
  it("is the federation's profile, stored as the first one with no change logged", () => {
    expect(profile).toMatchObject({ ...KG_FEDERATION, version: 1, logo: null });
    expect(profile.theme_color).not.toBe(DEMO_PROFILES.lbs.settings.theme_color);
    expect(h.db.prepare('SELECT updated_by FROM association').pluck().get()).toBe('demo');
    expect(h.db.prepare('SELECT COUNT(*) FROM association_changes').pluck().get()).toBe(0);
  });

  it("weighs every athlete in kilograms, inside the profile's classes, and fills each class", () => {
    const athletes = all<{ sex: Sex; weight: number | null; weight_unit: string | null }>(
      'SELECT sex, weight, weight_unit FROM athletes',
    );
    expect(athletes).toHaveLength(450);
    const weighed = athletes.filter((a) => a.weight !== null);
    expect(athletes.length - weighed.length).toBeLessThan(25);
    for (const sex of SEXES) {
      const classes = profile.classes[sex];
      const counts = new Map<string, number>();
      for (const a of weighed.filter((x) => x.sex === sex)) {
        expect(a.weight_unit).toBe('kg');
        // A tenth of a kilogram, as a scale reads, between a believable lightest and heaviest.
        expect(Math.round(a.weight! * 10) / 10).toBe(a.weight);
        expect(a.weight).toBeGreaterThan(sex === 'M' ? 50 : 45);
        expect(a.weight).toBeLessThanOrEqual(sex === 'M' ? 150 : 105);
        const c = weightClassFor(a.weight, classes);
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
      for (const c of classes) expect(counts.get(c) ?? 0, `${sex} ${c}`).toBeGreaterThan(sex === 'M' ? 4 : 6);
    }
  });

  it("has Lithuanian names, and the demo accounts' people", () => {
    const names = h.db.prepare('SELECT name FROM athletes').pluck().all() as string[];
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['Jordan Reyes', 'Morgan Vance']));
    const women = h.db.prepare("SELECT name FROM athletes WHERE sex = 'F'").pluck().all() as string[];
    // A Lithuanian woman's surname is her own form of it: -ienė married, -aitė, -ytė or -utė not.
    const generated = women.filter((n) => !['Casey Morrow', 'Morgan Vance'].includes(n));
    for (const n of generated) expect(n).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+(ienė|aitė|ytė|iūtė|utė)$/u);
  });

  it("places the league's history in the profile's classes and divisions (masters in their own)", () => {
    const placements = all<{ sex: Sex; division: string; weight_class: string; n: number }>(
      `SELECT p.sex, COALESCE(tc.division, p.division) AS division, p.weight_class, COUNT(*) AS n
       FROM placements p LEFT JOIN tournament_categories tc ON tc.id = p.tournament_category_id
       GROUP BY 1, 2, 3`,
    );
    const codes = profile.divisions.map((d) => d.code);
    for (const p of placements) {
      expect(codes).toContain(p.division);
      expect(classesOf(profile.classes, p.sex, p.division), `${p.sex} ${p.division}`).toContain(p.weight_class);
    }
    const masters = placements.filter((p) => p.division === 'masters' && p.sex === 'M').map((p) => p.weight_class);
    expect(new Set(masters)).toEqual(new Set(['70', '80', '90', '100', '100+']));
    const men = new Set(placements.filter((p) => p.division === 'pro' && p.sex === 'M').map((p) => p.weight_class));
    for (const c of profile.classes.M) expect(men).toContain(c);
  });

  it("runs its tournaments in kilogram classes and the profile's divisions, weighed in kilograms", async () => {
    const ids = h.db.prepare('SELECT id FROM tournaments ORDER BY id').pluck().all() as number[];
    expect(ids).toHaveLength(2);
    const [harvest, tonight] = await Promise.all(
      ids.map(async (id) => tournamentSchema.parse(await (await h.request(`/api/v1/tournaments/${id}`)).json())),
    );
    expect(harvest).toMatchObject({ name: 'Alytus Harvest Open', published: true });
    expect(tonight).toMatchObject({ name: 'Vilnius Club Night', date: '2026-03-13', published: false });
    for (const c of [...harvest!.categories, ...tonight!.categories]) {
      expect(c.units).toBe('kg');
      expect(classesOf(profile.classes, c.sex, c.division)).toContain(c.weight_class);
      const label = divisionLabel(profile.divisions, c.division);
      expect(label).not.toBe(c.division); // a division the profile lists, read by its label
      expect(c.name).toMatch(new RegExp(` · ${classLabel(c.weight_class, 'kg').replace('+', '\\+')} · ${label}$`));
      // Each weighed in inside the class (but the one category open to every weight).
      if (c.entries.length === 64) continue;
      for (const e of c.entries.filter((x) => x.weight !== null)) {
        expect(weightClassFor(e.weight, classesOf(profile.classes, c.sex, c.division)), c.name).toBe(c.weight_class);
      }
    }
    const names = harvest!.categories.map((c) => c.name);
    expect(names).toContain('Men · Right Hand · 90 kg · Seniors');
    expect(names).toContain('Men · Left Hand · 100+ kg · Masters');
    expect(harvest!.categories.every((c) => c.entries.length >= 5)).toBe(true);
    expect(tonight!.categories.find((c) => c.entries.length === 64)!.status).toBe('running');
    const units = h.db.prepare('SELECT DISTINCT weight_unit FROM tournament_entries WHERE weight IS NOT NULL');
    expect(units.pluck().all()).toEqual(['kg']);
  });

  it('answers leaderboards in kilograms, each athlete in a kilogram class, medals read with the labels', async () => {
    for (const sex of SEXES) {
      const board = leaderboardSchema.parse(await (await h.request(`/api/v1/leaderboard?sex=${sex}`)).json());
      expect(board.units).toBe('kg');
      expect(board.classes).toEqual(profile.classes[sex]);
      const classes = new Set(Object.values(board.weights));
      for (const c of classes) expect(profile.classes[sex]).toContain(c);
      expect(classes.size).toBe(profile.classes[sex].length);
      const medals = [...Object.values(board.medals_pro), ...Object.values(board.medals_am)].flat();
      expect(medals.length).toBeGreaterThan(20);
      for (const m of medals) {
        expect(m.display_text).toMatch(/, (Seniors|Amateur|Masters|Novices) \d+\+? kg, /);
      }
    }
  });

  it('puts kilograms on the supermatch cards and on the submissions waiting for review', () => {
    const cards = all<{ weight_a: string | null; weight_unit: string }>(
      'SELECT weight_a, weight_unit FROM supermatch_cards',
    );
    expect(cards).toHaveLength(8);
    expect(new Set(cards.map((c) => c.weight_unit))).toEqual(new Set(['kg']));
    // A weight in kilograms or the top class ('110+'), never a pound figure such as 243+.
    for (const c of cards.filter((x) => x.weight_a !== null)) expect(c.weight_a).toMatch(/^(\d{2,3}|110\+|80\+)$/);
    expect(cards.some((c) => c.weight_a === '110+')).toBe(true);
    const submissions = all<{ weight_a: number | null; weight_unit: string }>(
      'SELECT weight_a, weight_unit FROM supermatch_submissions',
    );
    expect(submissions.map((s) => s.weight_unit)).toEqual(['kg', 'kg', 'kg']);
    expect(submissions.map((s) => s.weight_a)).toEqual([null, 93, null]);
  });

  it("has the federation's clubs, one of them across the border, and events listing its classes", () => {
    const clubs = all<{ name: string; city: string; out_of_state: number }>(
      'SELECT name, city, out_of_state FROM clubs',
    );
    expect(clubs).toHaveLength(12);
    expect(clubs.filter((c) => c.out_of_state === 1).map((c) => c.city)).toEqual(['Riga']);
    const featured = h.db.prepare('SELECT name, men_classes, women_classes FROM events WHERE id = 2').get();
    expect(featured).toEqual({
      name: 'Baltic Armwrestling Championship',
      men_classes: '55, 60, 65, 70, 75, 80, 85, 90, 100, 110, 110+',
      women_classes: '50, 55, 60, 65, 70, 80, 80+',
    });
  });
});

describe('the demo profile', () => {
  const emptyDb = (): Db => {
    const db = openDatabase(':memory:');
    migrate(db, migrations);
    return db;
  };

  it('writes the same rows for the same seed in kilograms too', () => {
    const [a, b] = [emptyDb(), emptyDb()];
    for (const db of [a, b]) seedDemoState(db, { athletes: 60, years: 1, end: '2026-03-13', association: 'kg' });
    const tables = {
      athletes: 'id',
      clubs: 'id',
      club_members: 'club_id, position',
      placements: 'id',
      ratings: 'athlete_id, hand',
    };
    for (const [table, key] of Object.entries(tables)) {
      const rows = (db: Db) => db.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).all();
      expect(rows(a).length, table).toBeGreaterThan(0);
      expect(rows(b), table).toEqual(rows(a));
    }
    [a, b].forEach((db) => db.close());
  });

  it('is not written over a profile of its own, and the pounds demo writes none', () => {
    const db = emptyDb();
    storeDemoProfile(db, 'lbs');
    expect(db.prepare('SELECT COUNT(*) FROM association').pluck().get()).toBe(0);
    storeDemoProfile(db, 'kg');
    storeDemoProfile(db, 'kg'); // already the federation's: nothing to do
    expect(db.prepare('SELECT version FROM association').pluck().get()).toBe(1);
    writeSettings(db, { ...KG_FEDERATION, name: 'Another Federation' }, 'admin');
    expect(() => storeDemoProfile(db, 'kg')).toThrow(/has an association profile of its own/);
    db.close();
  });
});
