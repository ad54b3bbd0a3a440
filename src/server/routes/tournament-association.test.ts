import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AssociationSettings } from '../../shared/association.ts';
import type { AthleteDetails, Leaderboard } from '../../shared/rankings.ts';
import type { TournamentCategory, TournamentEntry } from '../../shared/tournament-contract/category.ts';
import type { Tournament } from '../../shared/tournament-contract/tournament.ts';
import { writeSettings } from '../association/store.ts';
import { createHarness } from '../test/harness.ts';
import { json, NAMES, tournamentFixture } from '../test/tournament-fixture.ts';

/** Tournaments follow the association's profile: its classes, divisions, unit and team points. */

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

/** A kilogram federation: WAF-style classes, masters with classes of their own, divisions of its own. */
const KG: AssociationSettings = {
  ...DEFAULT_SETTINGS,
  name: 'Baltic Armwrestling Federation',
  units: 'kg',
  classes: {
    M: ['55', '60', '65', '70', '75', '80', '85', '90', '100', '110', '110+'],
    F: ['50', '55', '60', '65', '70', '80', '80+'],
    by_division: { masters: { M: ['70', '80', '90', '100', '100+'] } },
  },
  divisions: [
    { code: 'senior', label: 'Seniors', medals: 'tournament' },
    { code: 'masters', label: 'Masters', medals: 'tournament' },
    { code: 'para', label: 'Para', medals: 'amateur' },
  ],
  team_points: [10, 6, 4],
  talent_categories: [],
};

type Refusal = { error: { fields: Record<string, string[]> } };

async function setUp() {
  const f = await tournamentFixture(h);
  const addCategory = (body: Record<string, unknown>) =>
    h.request(`${f.at}/categories`, {
      method: 'POST',
      token: f.admin,
      json: { sex: 'M', hand: 'RH', ...body },
    });
  const enter = (body: Record<string, unknown>) =>
    h.request(`${f.at}/entries`, { method: 'POST', token: f.admin, json: body });
  const weighIn = (entryId: number, weight: number) =>
    h.request(`${f.at}/entries/${entryId}`, { method: 'PUT', token: f.admin, json: { weight } });
  return { ...f, addCategory, enter, weighIn };
}

describe("a category is the association's", () => {
  it('a class or division the association does not have answers 400 naming the field', async () => {
    const f = await setUp();
    const refused = async (body: Record<string, unknown>) =>
      (await json<Refusal>(await f.addCategory(body), 400)).error;
    expect((await refused({ weight_class: '198', division: 'para' })).fields).toEqual({
      division: ['Choose one of the association’s divisions (para is not one).'],
    });
    expect((await refused({ weight_class: '80', division: 'pro' })).fields).toEqual({
      weight_class: ['Choose one of the weight classes of that sex and division: 154, 176, 198, 220, 242, 243+ lbs.'],
    });
    expect((await refused({ sex: 'F', weight_class: '154', division: 'pro' })).fields).toHaveProperty('weight_class');
    // Not written as a code or a class at all: the schema's own 400, on the same fields.
    expect(Object.keys((await refused({ weight_class: 'heavy', division: 'Pro!' })).fields).sort()).toEqual([
      'division',
      'weight_class',
    ]);
    expect(h.db.prepare('SELECT COUNT(*) FROM tournament_categories').pluck().get()).toBe(0);
  });

  it('in a kilogram association: its classes and divisions, names and weigh-ins in kg, its team points', async () => {
    writeSettings(h.db, KG, 'test');
    const f = await setUp();
    const t = (await f.post('/api/v1/admin/tournaments', {
      event_id: f.t.event_id,
      name: 'Baltic Cup',
    })) as never as Tournament;
    expect(t.settings.team_points).toEqual([10, 6, 4]);

    const cat = await json<TournamentCategory>(await f.addCategory({ weight_class: '80', division: 'senior' }), 201);
    expect(cat).toMatchObject({ name: 'Men · Right Hand · 80 kg · Seniors', units: 'kg', weight_class: '80' });
    // Masters pull in their own classes.
    expect(
      (await json<Refusal>(await f.addCategory({ weight_class: '85', division: 'masters' }), 400)).error.fields,
    ).toEqual({
      weight_class: ['Choose one of the weight classes of that sex and division: 70, 80, 90, 100, 100+ kg.'],
    });
    expect(
      await json<TournamentCategory>(await f.addCategory({ weight_class: '100+', division: 'masters' }), 201),
    ).toMatchObject({ name: 'Men · Right Hand · 100+ kg · Masters' });
    expect(
      (await json<Refusal>(await f.addCategory({ weight_class: '198', division: 'pro' }), 400)).error.fields,
    ).toHaveProperty('division');

    const over = await json<Refusal>(
      await f.enter({ category_id: cat.id, name: 'Jonas Kalns', sex: 'M', weight: 81.2 }),
      400,
    );
    expect(over.error.fields.weight).toEqual(['Over the limit: 81.2 kg in 80 kg.']);
    const entry = await json<TournamentEntry>(
      await f.enter({ category_id: cat.id, name: 'Jonas Kalns', sex: 'M', weight: 80 }),
      201,
    );
    expect(entry.weight).toBe(80);
    expect((await json<Refusal>(await f.weighIn(entry.id, 80.05), 400)).error.fields.weight).toEqual([
      'Over the limit: 80.05 kg in 80 kg.',
    ]);
    const read = await f.read();
    expect(read.categories.map((c) => c.name)).toEqual([
      'Men · Right Hand · 80 kg · Seniors',
      'Men · Right Hand · 100+ kg · Masters',
    ]);
  });

  it('an open category follows a change of the classes (two that meet become one); a drawn one keeps its class and says so; undo puts all back', async () => {
    const f = await setUp();
    const drawn = await f.category('220', NAMES.slice(0, 4), { weight: 215 });
    const gm = await json<TournamentCategory>(
      await f.addCategory({ weight_class: '198', division: 'grand_masters' }),
      201,
    );
    const am198 = await json<TournamentCategory>(await f.addCategory({ weight_class: '198', division: 'am' }), 201);
    const m242 = await json<TournamentCategory>(await f.addCategory({ weight_class: '242', division: 'masters' }), 201);
    const m243 = await json<TournamentCategory>(
      await f.addCategory({ weight_class: '243+', division: 'masters' }),
      201,
    );
    const old = await json<TournamentEntry>(await f.enter({ category_id: gm.id, name: 'Old Timer', sex: 'M' }), 201);
    await f.weighIn(old.id, 197.5);
    // Masters have their own classes in kilograms (70-100+): both heavy ones land in 100+. One athlete is entered
    // in both, another in one of them only.
    await f.enter({ category_id: m242.id, name: 'Big Ben', sex: 'M', weight: 240 });
    await f.enter({ category_id: m243.id, name: 'Big Ben', sex: 'M' });
    await f.enter({ category_id: m243.id, name: 'Huge Hugo', sex: 'M' });
    const shape = async () =>
      (await f.read()).categories.map((c) => ({
        id: c.id,
        name: c.name,
        kept_class: c.kept_class,
        entries: c.entries.map((e) => [e.name, e.weight]),
      }));
    const before = await shape();
    const table = () => h.db.prepare('SELECT * FROM tournament_entries ORDER BY id').all();
    const entriesBefore = table();

    // The association goes metric (drops grand masters, renames amateurs): the dry run names what moves.
    const next = { ...KG, divisions: [...KG.divisions, { code: 'am', label: 'Amateurs', medals: 'amateur' as const }] };
    const admin = f.admin;
    const change = (body: Record<string, unknown>) =>
      h.request('/api/v1/admin/association', { method: 'PUT', token: admin, json: body });
    const { dry_run: _d, ...patch } = { ...next, dry_run: true };
    const preview = await json<{ categories: unknown }>(await change({ ...patch, dry_run: true }), 200);
    expect(preview.categories).toEqual({
      moves: [
        {
          tournament: 'Harvest Open',
          from: 'Men · Right Hand · 198 lbs · Grand Masters',
          to: 'Men · Right Hand · 90 kg · grand_masters',
          merged: false,
        },
        {
          tournament: 'Harvest Open',
          from: 'Men · Right Hand · 198 lbs · Amateur',
          to: 'Men · Right Hand · 90 kg · Amateurs',
          merged: false,
        },
        {
          tournament: 'Harvest Open',
          from: 'Men · Right Hand · 242 lbs · Masters',
          to: 'Men · Right Hand · 100+ kg · Masters',
          merged: false,
        },
        {
          tournament: 'Harvest Open',
          from: 'Men · Right Hand · 243+ lbs · Masters',
          to: 'Men · Right Hand · 100+ kg · Masters',
          merged: true,
        },
      ],
      kept: [{ tournament: 'Harvest Open', name: 'Men · Right Hand · 220 lbs · Amateurs' }],
    });
    expect(await shape()).toEqual(before);

    await json(await change(patch), 200);
    expect(await shape()).toEqual([
      {
        id: drawn.id,
        name: 'Men · Right Hand · 220 lbs · Amateurs',
        kept_class: true,
        entries: before[0]!.entries,
      },
      {
        id: gm.id,
        name: 'Men · Right Hand · 90 kg · grand_masters',
        kept_class: false,
        entries: [['Old Timer', 89.6]],
      },
      { id: am198.id, name: 'Men · Right Hand · 90 kg · Amateurs', kept_class: false, entries: [] },
      {
        id: m242.id,
        name: 'Men · Right Hand · 100+ kg · Masters',
        kept_class: false,
        entries: [
          ['Big Ben', 108.9],
          ['Huge Hugo', null],
        ],
      },
    ]);
    // Its weigh-in is now in kilograms; the weight entered in pounds is kept as entered.
    expect((await json<Refusal>(await f.weighIn(old.id, 90.5), 400)).error.fields.weight).toEqual([
      'Over the limit: 90.5 kg in 90 kg.',
    ]);

    // Undo: every category, entry and weight back exactly, ids included.
    const log = h.db.prepare('SELECT id FROM association_changes ORDER BY id DESC').pluck().get() as number;
    await json(await h.request(`/api/v1/admin/association/changes/${log}/undo`, { method: 'POST', token: admin }), 200);
    expect(await shape()).toEqual(before);
    expect(table()).toEqual(entriesBefore);
  });
  it('a published category is the record of its day: it keeps its class without a note, and the dry run does not list it', async () => {
    const f = await setUp();
    const past = await f.category('220', NAMES.slice(0, 4), { weight: 215 });
    await f.pull(past.id);
    await f.post(`${f.at}/categories/${past.id}/publish`, undefined, 200);
    const preview = await json<{ categories: unknown }>(
      await h.request('/api/v1/admin/association', {
        method: 'PUT',
        token: f.admin,
        json: { units: 'kg', classes: KG.classes, talent_categories: [], dry_run: true },
      }),
      200,
    );
    expect(preview.categories).toEqual({ moves: [], kept: [] });
    writeSettings(h.db, KG, 'test');
    expect(await f.categoryNow(past.id)).toMatchObject({ name: 'Men · Right Hand · 220 lbs · am', kept_class: false });
  });
  it('two open categories whose classes chain (one moves into the class the other leaves) both move, and back', async () => {
    // Pounds with a light class numbered like a kilogram one: 198 lbs becomes 90 kg while 90 lbs (40.8 kg) leaves it.
    writeSettings(
      h.db,
      { ...DEFAULT_SETTINGS, classes: { M: ['90', '198', '243+'], F: ['143', '144+'] }, talent_categories: [] },
      'test',
    );
    const f = await setUp();
    const heavy = await json<TournamentCategory>(await f.addCategory({ weight_class: '198', division: 'pro' }), 201);
    const light = await json<TournamentCategory>(await f.addCategory({ weight_class: '90', division: 'pro' }), 201);
    await f.enter({ category_id: heavy.id, name: 'Hugo Heavy', sex: 'M', weight: 195 });
    const names = async () => (await f.read()).categories.map((c) => [c.id, c.name, c.entries.map((e) => e.name)]);
    const before = await names();

    writeSettings(
      h.db,
      { ...KG, divisions: [...KG.divisions, { code: 'pro', label: 'Pro', medals: 'tournament' }] },
      'test',
    );
    expect(await names()).toEqual([
      [heavy.id, 'Men · Right Hand · 90 kg · Pro', ['Hugo Heavy']],
      [light.id, 'Men · Right Hand · 55 kg · Pro', []],
    ]);
    const last = h.db.prepare('SELECT MAX(id) FROM association_changes').pluck().get() as number;
    await json(
      await h.request(`/api/v1/admin/association/changes/${last}/undo`, { method: 'POST', token: f.admin }),
      200,
    );
    expect(await names()).toEqual(before);
  });
});

describe("medals read with the association's words", () => {
  it('in kg, with its divisions’ labels, on the rail each division’s medals setting names', async () => {
    writeSettings(h.db, KG, 'test');
    const f = await setUp();
    const para = await f.category('80', NAMES.slice(0, 4), { division: 'para', weight: 79.5 });
    const senior = await f.category('90', NAMES.slice(4), { division: 'senior', weight: 88 });
    for (const cat of [para, senior]) {
      await f.pull(cat.id);
      await f.post(`${f.at}/categories/${cat.id}/publish`, undefined, 200);
    }
    const champion = async (id: number) => (await f.categoryNow(id)).placings[0]!.name;
    const athlete = async (name: string) =>
      json<AthleteDetails>(await h.request(`/api/v1/athletes?name=${encodeURIComponent(name)}`), 200);

    const paraChampion = await athlete(await champion(para.id));
    expect(paraChampion.badges.tournament_medals).toEqual([]);
    expect(paraChampion.badges.amateur_medals.map((m) => m.display_text)).toEqual([
      '1st Right hand, Para 80 kg, Harvest Open',
    ]);
    expect(paraChampion.results.filter((r) => r.kind === 'bracket').map((r) => r.bracket)).toEqual(['Para 80 kg']);
    expect(new Set(paraChampion.results.filter((r) => r.kind === 'match').map((r) => r.bracket))).toEqual(
      new Set(['Para 80 kg']),
    );

    const seniorChampion = await athlete(await champion(senior.id));
    expect(seniorChampion.badges.amateur_medals).toEqual([]);
    expect(seniorChampion.badges.tournament_medals.map((m) => m.display_text)).toEqual([
      '1st Right hand, Seniors 90 kg, Harvest Open',
    ]);

    const board = (await (await h.request('/api/v1/leaderboard?sex=M')).json()) as Leaderboard;
    expect(board.medals_am[await champion(para.id)]!.map((m) => m.display_text)).toEqual([
      '1st Right hand, Para 80 kg, Harvest Open',
    ]);
    expect(board.medals_pro[await champion(senior.id)]!.map((m) => m.display_text)).toEqual([
      '1st Right hand, Seniors 90 kg, Harvest Open',
    ]);
  });
});
