import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLUB_DEFAULTS,
  CLUB_NUMBER_MESSAGE,
  CLUB_TEXT_MESSAGE,
  CLUB_URL_MESSAGE,
  readClubSheet,
} from '../../shared/club-rules.ts';
import { clubListSchema, type Club } from '../../shared/clubs.ts';
import { CONTROL_MESSAGE } from '../../shared/field-rules.ts';
import { DEFAULT_SETTINGS } from '../../shared/association.ts';
import { writeSettings } from '../association/store.ts';
import { grantRole } from '../auth/roles.ts';
import { runClubsCommand } from '../clubs/command.ts';
import { listClubs } from '../clubs/store.ts';
import { seedDemoState } from '../demo/generate.ts';
import { computeStandings } from '../rankings/standings.ts';
import { fallbackDocument } from '../rankings/fallback.ts';
import { rerate } from '../ratings/engine.ts';
import { seedVerifiedDemoNames } from '../names/name-claims.ts';
import { createHarness } from '../test/harness.ts';
import { CONTROL_VALUES, expectRefused } from '../test/refused-input.ts';
import { resultsFixture } from '../test/results-fixture.ts';
import type { Db } from '../db/connection.ts';

type Harness = Awaited<ReturnType<typeof createHarness>>;
const YEAR = new Date().getFullYear();

/**
 * Three clubs: Iron Grip and Pull House in Riverside, Far Out across the state
 * line. Every athlete is rated on both hands (so all are top 10 of their class).
 * Talent: Iron Grip light 4 (A1 154, A2 176 on both hands), middle 2, super 2
 * (Lee); Pull House super 4, middle 2; Far Out light 4 (two women at 143).
 */
function seedClubs(db: Db) {
  db.prepare("INSERT INTO clubs (name, city, region, leaders) VALUES ('Iron Grip', 'Riverside', 'Metro', ?)").run(
    JSON.stringify(['Lee Lead']),
  );
  db.prepare("INSERT INTO clubs (name, city, region, leaders) VALUES ('Pull House', 'Riverside', 'Metro', ?)").run(
    JSON.stringify(['Bo One']),
  );
  db.prepare("INSERT INTO clubs (name, city, region, out_of_state) VALUES ('Far Out', 'Elsewhere', 'West', 1)").run();
  const f = resultsFixture(db);
  f.athlete('Al One', 'M', 150, { club: 'Iron Grip' });
  f.athlete('Al Two', 'M', 170, { club: 'Iron Grip' });
  f.athlete('Lee Lead', 'M', 250, { club: 'Iron Grip', leader: true });
  f.athlete('Bo One', 'M', 250, { club: 'Pull House', leader: true });
  f.athlete('Bo Two', 'M', 250, { club: 'Pull House' });
  f.athlete('Bo Three', 'M', 190, { club: 'Pull House' });
  f.athlete('Cy One', 'F', 140, { club: 'Far Out' });
  f.athlete('Cy Two', 'F', 135, { club: 'Far Out' });
  f.athlete('No Club', 'M', 300);
  const open = f.event('Club Open', `${YEAR}-01-02`);
  // Podiums this year: RH Iron Grip 3; LH Pull House 2, Iron Grip 1; women RH and LH Far Out 2 each.
  f.bracket(open, 'RH', ['Al One', 'Al Two', 'Lee Lead', 'Bo One', 'Bo Two', 'Bo Three', 'No Club']);
  f.bracket(open, 'LH', ['Bo One', 'Bo Two', 'Al One', 'Bo Three', 'Al Two', 'Lee Lead', 'No Club']);
  f.bracket(open, 'RH', ['Cy One', 'Cy Two'], { sex: 'F' });
  f.bracket(open, 'LH', ['Cy Two', 'Cy One'], { sex: 'F' });
  // Pull House's sheet lists a newcomer with no results.
  const pull = db.prepare("SELECT id FROM clubs WHERE name = 'Pull House'").pluck().get() as number;
  db.prepare("INSERT INTO club_members (club_id, position, name) VALUES (?, 0, 'New Comer')").run(pull);
  rerate(db);
}

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
  seedClubs(h.db);
});
afterEach(() => h.close());

const clubId = (name: string) => h.db.prepare('SELECT id FROM clubs WHERE name = ?').pluck().get(name) as number;

async function clubs(): Promise<Club[]> {
  const res = await h.request('/clubs.json');
  expect(res.status).toBe(200);
  return clubListSchema.parse(await res.json());
}

describe('GET /clubs.json', () => {
  it('answers every club, in-state first then by members, with a strong ETag and 304', async () => {
    const res = await h.request('/clubs.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const list = clubListSchema.parse(await res.json());
    expect(list.map((c) => [c.name, c.members_count])).toEqual([
      ['Pull House', 4],
      ['Iron Grip', 3],
      ['Far Out', 2],
    ]);
    const pull = list[0]!;
    expect(pull.members).toEqual(['New Comer', 'Bo One', 'Bo Three', 'Bo Two']);
    expect(pull.members_footer_accent).toBe('3 ranked');

    const again = await h.request('/clubs.json', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    h.db.prepare("UPDATE clubs SET members_count = 40 WHERE name = 'Far Out'").run();
    const changed = await h.request('/clubs.json', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // Out of state stays last whatever its size.
    expect(clubListSchema.parse(await changed.json()).map((c) => c.name)).toEqual([
      'Pull House',
      'Iron Grip',
      'Far Out',
    ]);
  });

  /** The default talent categories' counts, lightest first. */
  const counts = (light: number, middle: number, heavy: number, superb: number) =>
    [
      ['Light talent', light],
      ['Middle talent', middle],
      ['Heavy talent', heavy],
      ['Super talent', superb],
    ].map(([label, count]) => ({ label, count }));

  it('counts top-10 placings per talent category; state best only when uniquely highest', async () => {
    const byName = Object.fromEntries((await clubs()).map((c) => [c.name, c]));
    expect(byName['Iron Grip']!.talent_counts).toEqual(counts(4, 2, 0, 2));
    expect(byName['Pull House']!.talent_counts).toEqual(counts(0, 2, 0, 4));
    expect(byName['Far Out']!.talent_counts).toEqual(counts(4, 0, 0, 0));
    expect(byName['Pull House']!.talent_metric).toEqual({
      label: 'Super talent',
      count: 4,
      footer_accent: 'State best',
      footer_tail: ' top-10 hand placings',
    });
    // Iron Grip and Far Out tie on light (4 each; average (4 + 0 + 4) / 3): not state best, +50%.
    for (const name of ['Iron Grip', 'Far Out']) {
      expect(byName[name]!.talent_metric).toMatchObject({ label: 'Light talent', count: 4, footer_accent: '+50%' });
    }
  });

  it("counts the association's own talent categories, in its order", async () => {
    writeSettings(
      h.db,
      {
        ...DEFAULT_SETTINGS,
        talent_categories: [
          { label: 'Heavies', classes: { M: ['220', '242', '243+'], F: [] } },
          { label: 'Everyone light', classes: { M: ['154', '176'], F: ['143', '144+'] } },
        ],
      },
      'admin@example.org',
    );
    const byName = Object.fromEntries((await clubs()).map((c) => [c.name, c]));
    expect(byName['Pull House']!.talent_counts).toEqual([
      { label: 'Heavies', count: 4 },
      { label: 'Everyone light', count: 0 },
    ]);
    expect(byName['Pull House']!.talent_metric).toMatchObject({ label: 'Heavies', count: 4 });
  });

  it('works out medals this year and the city medal rank; defaults fill only what is missing', async () => {
    const byName = Object.fromEntries((await clubs()).map((c) => [c.name, c]));
    expect(byName['Iron Grip']).toMatchObject({ medals_this_year: 4, city_medal_rank: 1 });
    expect(byName['Pull House']).toMatchObject({ medals_this_year: 2, city_medal_rank: 2 });
    expect(byName['Far Out']).toMatchObject({ medals_this_year: 4, city_medal_rank: 1 });
    expect(byName['Pull House']!.medals_footer_accent).toBe('#2 in Riverside');
    expect(byName['Iron Grip']).toMatchObject({
      avg_practice_size: CLUB_DEFAULTS.avg_practice_size,
      supermatches_hosted: CLUB_DEFAULTS.supermatches_hosted,
      practice_end: CLUB_DEFAULTS.practice_end,
      leaders: ['Lee Lead'],
      out_of_state: false,
    });
    // A year with no results at all: the default medals count; a club's own number always wins.
    h.db.prepare("UPDATE clubs SET medals_this_year = 7, avg_practice_size = 20 WHERE name = 'Far Out'").run();
    const standingsOf = (sex: 'M' | 'F') => computeStandings(h.db, sex);
    const nextYear = Object.fromEntries(listClubs(h.db, standingsOf, new Date(YEAR + 1, 5, 1)).map((c) => [c.name, c]));
    expect(nextYear['Iron Grip']!.medals_this_year).toBe(CLUB_DEFAULTS.medals_this_year);
    expect(nextYear['Far Out']).toMatchObject({ medals_this_year: 7, avg_practice_size: 20 });
  });

  it('is in the fallback document', () => {
    const doc = fallbackDocument(h.db);
    expect(clubListSchema.parse(doc.clubs).map((c) => c.name)).toEqual(['Pull House', 'Iron Grip', 'Far Out']);
  });
});

describe('the club sheet', () => {
  it('without a URL, is built from the database: each header a club, its members beneath', async () => {
    const res = await h.request('/sheets/clubs.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('x-club-sheet-source')).toBe('database');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('Far Out,Iron Grip,Pull House');
    const sheet = readClubSheet(Papa.parse<string[]>(text, { skipEmptyLines: true }).data);
    expect(sheet).toEqual([
      { club: 'Far Out', members: ['Cy One', 'Cy Two'] },
      { club: 'Iron Grip', members: ['Al One', 'Al Two', 'Lee Lead'] },
      { club: 'Pull House', members: ['New Comer', 'Bo One', 'Bo Three', 'Bo Two'] },
    ]);
    const etag = res.headers.get('etag')!;
    expect((await h.request('/sheets/clubs.csv', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  describe('with CLUBS_SHEET_CSV_URL', () => {
    let server: http.Server;
    let answer: { status: number; body: string };
    let hits = 0;
    let url = '';
    beforeEach(async () => {
      hits = 0;
      answer = { status: 200, body: 'Sheet Club,Other Club\r\nAnn Ames,Bea Bond\r\n,Cal Cole\r\n' };
      server = http.createServer((_req, res) => {
        hits++;
        res.writeHead(answer.status, { 'Content-Type': 'text/csv' }).end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sheet.csv`;
    });
    afterEach(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('relays the published sheet, kept briefly', async () => {
      const hh = await createHarness({ clubsSheetCsvUrl: url });
      try {
        const res = await hh.request('/sheets/clubs.csv');
        expect(res.status).toBe(200);
        expect(res.headers.get('x-club-sheet-source')).toBe('sheet');
        expect(await res.text()).toBe(answer.body);
        await hh.request('/sheets/clubs.csv');
        expect(hits).toBe(1);
      } finally {
        hh.close();
      }
    });

    it("serves the database's sheet when the published one fails", async () => {
      answer = { status: 500, body: 'oops' };
      const hh = await createHarness({ clubsSheetCsvUrl: url });
      seedClubs(hh.db);
      try {
        const res = await hh.request('/sheets/clubs.csv');
        expect(res.status).toBe(200);
        expect(res.headers.get('x-club-sheet-source')).toBe('database');
        expect((await res.text()).split('\r\n')[0]).toBe('Far Out,Iron Grip,Pull House');
        expect(hits).toBe(1);
      } finally {
        hh.close();
      }
    });
  });
});

describe('PUT /api/v1/clubs/{id}', () => {
  let leader: string;
  beforeEach(async () => {
    grantRole(h.db, 'leader-1', 'club_leader');
    seedVerifiedDemoNames(h.db, [
      { sub: 'leader-1', email: 'lee@example.test', name: 'Lee', verifiedAthleteName: 'Lee Lead' },
    ]);
    leader = await h.token({ sub: 'leader-1', email: 'lee@example.test' });
  });
  const put = (id: number, json: unknown, token?: string) =>
    h.request(`/api/v1/clubs/${id}`, { method: 'PUT', json, ...(token ? { token } : {}) });
  const edits = () =>
    h.db.prepare('SELECT club_id, edited_by, changes FROM club_edits ORDER BY id').all() as {
      club_id: number;
      edited_by: string;
      changes: string;
    }[];

  it('a leader edits their own club; the change is public and logged', async () => {
    const res = await put(
      clubId('Iron Grip'),
      { avg_practice_size: '18', training: ['Tue & Thu 6:30pm', ''], instagram: 'https://instagram.com/irongrip' },
      leader,
    );
    expect(res.status).toBe(200);
    const { club } = (await res.json()) as { club: Club };
    expect(club).toMatchObject({
      avg_practice_size: 18,
      training: ['Tue & Thu 6:30pm'],
      instagram: 'https://instagram.com/irongrip',
    });
    expect((await clubs()).find((c) => c.name === 'Iron Grip')).toMatchObject({ avg_practice_size: 18 });
    const [log] = edits();
    expect(log).toMatchObject({ club_id: clubId('Iron Grip'), edited_by: 'lee@example.test' });
    expect(JSON.parse(log!.changes)).toEqual({
      avg_practice_size: { from: null, to: 18 },
      training: { from: [], to: ['Tue & Thu 6:30pm'] },
      instagram: { from: null, to: 'https://instagram.com/irongrip' },
    });
    expect(() => h.db.prepare('DELETE FROM club_edits').run()).toThrow(/append-only/);
  });

  it("refuses another club's edit (403), a signed-out one (401) and a leader without a verified name (403)", async () => {
    expect((await put(clubId('Pull House'), { city: 'Elsewhere' }, leader)).status).toBe(403);
    expect((await put(clubId('Iron Grip'), { city: 'Elsewhere' })).status).toBe(401);
    const plain = await h.token({ sub: 'user-9' });
    expect((await put(clubId('Iron Grip'), { city: 'Elsewhere' }, plain)).status).toBe(403);
    grantRole(h.db, 'leader-2', 'club_leader');
    const unverified = await h.token({ sub: 'leader-2' });
    expect((await put(clubId('Iron Grip'), { city: 'Elsewhere' }, unverified)).status).toBe(403);
    expect(edits()).toEqual([]);
  });

  it('admins edit any club; bad values are 400 with the edit hints', async () => {
    grantRole(h.db, 'admin@example.test', 'admin');
    const admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
    const ok = await put(clubId('Pull House'), { founded: 2011, desc: 'Big tables.' }, admin);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { club: Club }).club).toMatchObject({ founded: 2011, desc: 'Big tables.' });
    const bad = await put(clubId('Pull House'), { members_count: -2, facebook: 'facebook.com/x' }, admin);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields).toEqual({ members_count: [CLUB_NUMBER_MESSAGE], facebook: [CLUB_URL_MESSAGE] });
    expect((await put(999, { city: 'X' }, admin)).status).toBe(404);
    expect(edits().map((e) => e.club_id)).toEqual([clubId('Pull House')]);
  });
});

describe('POST /api/v1/clubs', () => {
  const post = (json: unknown, token?: string) =>
    h.request('/api/v1/clubs', { method: 'POST', json, ...(token ? { token } : {}) });

  it('an admin creates a club (logged), which /clubs.json lists; a taken name is 409; others are refused', async () => {
    grantRole(h.db, 'admin@example.test', 'admin');
    const admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
    const res = await post(
      {
        name: 'Granite Arms',
        city: 'Granite Ridge',
        region: 'North',
        leaders: ['Gil Stone', ' '],
        founded: 2019,
        desc: 'New tables.',
      },
      admin,
    );
    expect(res.status).toBe(201);
    const { club } = (await res.json()) as { club: Club };
    expect(club).toMatchObject({
      name: 'Granite Arms',
      city: 'Granite Ridge',
      leaders: ['Gil Stone'],
      founded: 2019,
      desc: 'New tables.',
    });
    expect((await clubs()).some((c) => c.name === 'Granite Arms')).toBe(true);
    const log = h.db
      .prepare('SELECT changes FROM club_edits WHERE club_id = ? ORDER BY id')
      .pluck()
      .all(club.id) as string[];
    expect(JSON.parse(log[0]!)).toMatchObject({ name: { from: null, to: 'Granite Arms' } });

    const again = await post({ name: 'granite arms', city: 'X', region: 'Y' }, admin);
    expect(again.status).toBe(409);
    const bad = await post({ name: 'Blank City', city: ' ', region: 'Y' }, admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields.city).toEqual([
      CLUB_TEXT_MESSAGE,
    ]);
    expect((await post({ name: 'Z', city: 'X', region: 'Y' })).status).toBe(401);
    expect((await post({ name: 'Z', city: 'X', region: 'Y' }, await h.token({ sub: 'user-9' }))).status).toBe(403);
  });
});

describe('text and links a club edit or a new club refuses', () => {
  it('are 400 naming the field, and nothing is stored or logged', async () => {
    grantRole(h.db, 'admin@example.test', 'admin');
    const admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
    const before = await clubs();
    const { nul, bell, loneSurrogate } = CONTROL_VALUES;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ city: nul }, 'city', CONTROL_MESSAGE],
      [{ practice_end: bell }, 'practice_end', CONTROL_MESSAGE],
      [{ desc: loneSurrogate }, 'desc', CONTROL_MESSAGE],
      [{ training: ['Tue 6pm', `Thu ${bell}`] }, 'training.1', CONTROL_MESSAGE],
      [{ facebook: 'javascript:alert(1)' }, 'facebook', CLUB_URL_MESSAGE],
      [{ image_url: 'data:image/png;base64,AAAA' }, 'image_url', CLUB_URL_MESSAGE],
    ];
    for (const [bad, field, message] of cases) {
      const edit = await h.request(`/api/v1/clubs/${clubId('Iron Grip')}`, { method: 'PUT', token: admin, json: bad });
      await expectRefused(edit, field, message);
      const create = { name: 'Granite Arms', city: 'Granite Ridge', region: 'North', ...bad };
      await expectRefused(
        await h.request('/api/v1/clubs', { method: 'POST', token: admin, json: create }),
        field,
        message,
      );
    }
    const name = await h.request('/api/v1/clubs', {
      method: 'POST',
      token: admin,
      json: { name: `Granite${nul}`, city: 'Granite Ridge', region: 'North', leaders: ['Gil'] },
    });
    await expectRefused(name, 'name', CONTROL_MESSAGE);
    expect(await clubs()).toEqual(before);
    expect(h.db.prepare('SELECT COUNT(*) FROM club_edits').pluck().get()).toBe(0);

    // The description keeps its line breaks.
    const ok = await h.request(`/api/v1/clubs/${clubId('Iron Grip')}`, {
      method: 'PUT',
      token: admin,
      json: { desc: 'Tables.\nChalk.' },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { club: Club }).club.desc).toBe('Tables.\nChalk.');
  });
});

describe('npm run clubs -- import', () => {
  const run = (text: string, ...flags: string[]) => {
    const file = path.join(h.dir, 'sheet.csv');
    fs.writeFileSync(file, text);
    const out: string[] = [];
    const err: string[] = [];
    const code = runClubsCommand(h.db, ['import', file, ...flags], {
      log: (l) => out.push(l),
      error: (l) => err.push(l),
    });
    return { code, out, err };
  };
  const members = () =>
    h.db.prepare('SELECT club_id, position, name FROM club_members ORDER BY club_id, position').all();
  const clubOf = (name: string) => h.db.prepare('SELECT club_id FROM athletes WHERE name = ?').pluck().get(name);

  it('reports every bad cell by row and column and imports nothing', () => {
    const before = members();
    const { code, err } = run('Iron Grip,Nowhere Club,\r\nBo One,X Y,Stray Name\r\nAl One,,\r\n\r\nBo One,,\r\n');
    expect(code).toBe(1);
    expect(err.slice(0, -1)).toEqual([
      expect.stringMatching(/row 1, column B: no club named "Nowhere Club"/),
      expect.stringMatching(/row 2, column C: "Stray Name" is under a column with no club name/),
    ]);
    expect(err.at(-1)).toBe('2 problem(s); nothing was imported.');
    expect(members()).toEqual(before);
    expect(clubOf('Bo One')).toBe(clubId('Pull House'));
  });

  it('replaces the listed clubs’ members and moves athletes to their sheet club', () => {
    const { code, out } = run('Iron Grip,Pull House\r\nBo One,Bo Two\r\nLee Lead,Fresh Face\r\n Al One ,\r\n');
    expect(code).toBe(0);
    expect(out[0]).toMatch(/2 clubs, 5 members/);
    expect(clubOf('Bo One')).toBe(clubId('Iron Grip'));
    expect(clubOf('Al Two')).toBeNull();
    expect(clubOf('Bo Three')).toBeNull();
    expect(clubOf('Cy One')).toBe(clubId('Far Out'));
    const leads = h.db.prepare('SELECT name FROM athletes WHERE club_leader = 1 ORDER BY name').pluck().all();
    expect(leads).toEqual(['Lee Lead']);
    expect(
      h.db
        .prepare('SELECT name FROM club_members WHERE club_id = ? ORDER BY position')
        .pluck()
        .all(clubId('Pull House')),
    ).toEqual(['Bo Two', 'Fresh Face']);
    expect(h.db.prepare('SELECT COUNT(*) FROM club_edits').pluck().get()).toBe(2);
  });

  it('checks without saving on --dry-run; a name under two clubs is a bad cell', () => {
    expect(run('Iron Grip\r\nBo One\r\n', '--dry-run')).toMatchObject({ code: 0 });
    expect(clubOf('Bo One')).toBe(clubId('Pull House'));
    const twice = run('Iron Grip,Pull House\r\nBo One,bo one\r\n');
    expect(twice.code).toBe(1);
    expect(twice.err[0]).toMatch(/row 2, column B: "bo one" is already listed under Iron Grip/);
  });
});

describe('the demo clubs', () => {
  it('are filled in, deterministic, with leaders and members as the athletes say', async () => {
    const hh = await createHarness();
    const other = await createHarness();
    try {
      seedDemoState(hh.db, { end: '2026-11-01', athletes: 120 });
      seedDemoState(other.db, { end: '2026-11-01', athletes: 120 });
      const list = clubListSchema.parse(await (await hh.request('/clubs.json')).json());
      expect(list).toEqual(clubListSchema.parse(await (await other.request('/clubs.json')).json()));
      expect(list.length).toBe(4);
      expect(list.at(-1)!.out_of_state).toBe(true);
      for (const c of list) {
        const athletes = hh.db
          .prepare('SELECT name, club_leader FROM athletes WHERE club_id = ? ORDER BY name')
          .all(c.id) as { name: string; club_leader: number }[];
        expect(c.leaders).toEqual(athletes.filter((a) => a.club_leader).map((a) => a.name));
        expect(c.leaders.length).toBeGreaterThan(0);
        for (const a of athletes) expect(c.members).toContain(a.name);
        expect(c.members.length).toBeGreaterThan(athletes.length);
        expect(c.training.length).toBeGreaterThan(0);
        expect(c.founded).toBeGreaterThanOrEqual(1995);
        expect(c.desc).toMatch(new RegExp(`^${c.name}`));
      }
    } finally {
      hh.close();
      other.close();
    }
  });
});
