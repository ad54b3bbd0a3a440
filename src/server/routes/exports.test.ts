import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEADERBOARD_CSV_COLUMNS } from '../../shared/exports.ts';
import { RESULTS_CSV_COLUMNS } from '../../shared/results-csv.ts';
import { leaderboardSchema } from '../../shared/rankings.ts';
import type { Db } from '../db/connection.ts';
import { seedDemoCards } from '../demo/cards.ts';
import { seedDemoEvents } from '../demo/events.ts';
import { seedDemoState } from '../demo/generate.ts';
import { seedDemoSubmissions } from '../demo/submissions.ts';
import { rerate } from '../ratings/engine.ts';
import { importResultsCsv } from '../results/import-csv.ts';
import { createHarness } from '../test/harness.ts';
import { resultsFixture } from '../test/results-fixture.ts';

type Harness = Awaited<ReturnType<typeof createHarness>>;
const open: Harness[] = [];
async function harness(): Promise<Harness> {
  const h = await createHarness();
  open.push(h);
  return h;
}
afterEach(() => open.splice(0).forEach((h) => h.close()));

const parse = (csv: string) => Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data;

async function csvOf(h: Harness, url: string) {
  const res = await h.request(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return { res, text: await res.text() };
}

/** Every athlete's ratings and their history, by name: ids differ between two databases. */
function ratingsByName(db: Db) {
  return {
    ratings: db
      .prepare(
        `SELECT a.name, r.hand, r.mu, r.sigma, r.last_date FROM ratings r JOIN athletes a ON a.id = r.athlete_id
         ORDER BY a.name, r.hand`,
      )
      .all(),
    history: db
      .prepare(
        `SELECT a.name, h.hand, h.date, h.mu, h.sigma FROM rating_history h JOIN athletes a ON a.id = h.athlete_id
         ORDER BY a.name, h.hand, h.date`,
      )
      .all(),
  };
}

describe('GET /api/v1/export/results.csv', () => {
  it('imports back into an empty database with the same ratings for every athlete (demo state)', async () => {
    const source = await harness();
    // The demo state as the server loads it: results, events, supermatch cards, waiting submissions.
    seedDemoState(source.db);
    seedDemoEvents(source.db);
    seedDemoCards(source.db);
    seedDemoSubmissions(source.db);
    const { res, text } = await csvOf(source, '/api/v1/export/results.csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="results.csv"');
    const rows = parse(text);
    expect(rows[0]).toEqual([...RESULTS_CSV_COLUMNS]);
    const placements = source.db.prepare('SELECT COUNT(*) FROM placements').pluck().get() as number;
    const matches = source.db.prepare('SELECT COUNT(*) FROM supermatch_results').pluck().get() as number;
    expect(matches).toBeGreaterThan(0);
    expect(rows.slice(1).filter((r) => r[0] === 'placement')).toHaveLength(placements);
    expect(rows.slice(1).filter((r) => r[0] === 'supermatch')).toHaveLength(matches);

    const target = await harness();
    const imported = importResultsCsv(target.db, text);
    expect(imported.ok ? [] : imported.errors.slice(0, 5)).toEqual([]);
    const before = ratingsByName(source.db);
    expect(before.ratings.length).toBeGreaterThan(100);
    expect(ratingsByName(target.db)).toEqual(before);
    // The copy exports to the same file, weights and short names included.
    expect((await csvOf(target, '/api/v1/export/results.csv')).text).toBe(text);
  }, 60_000);

  it('answers 304 to the tag it gave, and a new tag once a result is added', async () => {
    const h = await harness();
    const f = resultsFixture(h.db);
    f.athlete('Ann Ax', 'M', 150);
    f.athlete('Bo Bell', 'M', 170);
    f.supermatch('2025-02-01', 'Ann Ax', 'Bo Bell', 'RH', 3, 1);
    rerate(h.db);
    const { res } = await csvOf(h, '/api/v1/export/results.csv');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await h.request('/api/v1/export/results.csv', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    f.supermatch('2025-02-02', 'Bo Bell', 'Ann Ax', 'LH', 3, 0);
    rerate(h.db);
    const again = await h.request('/api/v1/export/results.csv', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).not.toBe(etag);
  });
});

describe('GET /api/v1/export/leaderboard.csv', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
    const f = resultsFixture(h.db);
    f.athlete('Ann Ax', 'M', 150, { club: 'Iron Grip' });
    f.athlete('Bo Bell', 'M', 170, { club: '+1 Club' });
    f.athlete('Cy Cole', 'M', 200);
    f.athlete('=HYPERLINK("x") Dunn', 'M', null);
    f.athlete('Eve Eames', 'F', 140);
    f.athlete('Flo Finch', 'F', 160);
    const e1 = f.event('Winter Open', '2025-01-11');
    f.bracket(e1, 'RH', ['Cy Cole', 'Ann Ax', 'Bo Bell', '=HYPERLINK("x") Dunn'], { weightClass: '198' });
    f.bracket(e1, 'LH', ['Ann Ax', 'Cy Cole'], { weightClass: '198', division: 'am' });
    f.bracket(e1, 'RH', ['Eve Eames', 'Flo Finch'], { sex: 'F', weightClass: '144+' });
    const e2 = f.event('Spring Open', '2025-03-08');
    f.bracket(e2, 'RH', ['=HYPERLINK("x") Dunn', 'Bo Bell', 'Ann Ax', 'Cy Cole'], { weightClass: '198' });
    rerate(h.db);
  });

  it('is the board the leaderboard API gives, row for row, for each sex and hand', async () => {
    for (const sex of ['M', 'F'] as const) {
      const board = leaderboardSchema.parse(await (await h.request(`/api/v1/leaderboard?sex=${sex}`)).json());
      for (const hand of ['LH', 'RH'] as const) {
        const { res, text } = await csvOf(h, `/api/v1/export/leaderboard.csv?sex=${sex}&hand=${hand}`);
        expect(res.headers.get('content-disposition')).toBe(
          `attachment; filename="leaderboard-${sex === 'M' ? 'men' : 'women'}-${hand}.csv"`,
        );
        const [header, ...rows] = parse(text);
        expect(header).toEqual([...LEADERBOARD_CSV_COLUMNS]);
        const unguarded = (cell: string) => cell.replace(/^'(?=[=+\-@])/, '');
        expect(rows.map((r) => unguarded(r[1]!))).toEqual(board.ranks[hand].map((r) => r.name));
        rows.forEach((r, i) => {
          const name = board.ranks[hand][i]!.name;
          expect(r[0]).toBe(String(i + 1));
          expect(r[2]).toBe(board.weights[name]);
          expect(Number(r[4])).toBe(board.cons_now[hand][name]);
          expect(r[5]).toBe(String(board.deltas[hand][name] ?? ''));
          expect(unguarded(r[6]!)).toBe(board.clubs[name] ?? '');
        });
      }
    }
  });

  it('writes a name or club a spreadsheet would run as a formula as text', async () => {
    const { text } = await csvOf(h, '/api/v1/export/leaderboard.csv?sex=M&hand=RH');
    const rows = parse(text).slice(1);
    const dunn = rows.find((r) => r[1]!.includes('Dunn'))!;
    expect(dunn[1]).toBe(`'=HYPERLINK("x") Dunn`);
    expect(rows.find((r) => r[1] === 'Bo Bell')![6]).toBe(`'+1 Club`);
    expect(rows.find((r) => r[1] === 'Ann Ax')![6]).toBe('Iron Grip');
    // The results file keeps names as stored, so they import back as the same athletes.
    expect(
      parse((await csvOf(h, '/api/v1/export/results.csv')).text).some((r) => r[5] === '=HYPERLINK("x") Dunn'),
    ).toBe(true);
  });

  it('opens on the right hand, as the board does', async () => {
    const right = await csvOf(h, '/api/v1/export/leaderboard.csv?sex=M&hand=RH');
    const plain = await csvOf(h, '/api/v1/export/leaderboard.csv?sex=M');
    expect(plain.text).toBe(right.text);
    expect(plain.res.headers.get('etag')).toBe(right.res.headers.get('etag'));
  });

  it('refuses a bad sex or hand with 400 and the fields at fault', async () => {
    for (const [query, fields] of [
      ['sex=X&hand=RH', ['sex']],
      ['hand=RH', ['sex']],
      ['sex=M&hand=both', ['hand']],
      ['sex=women&hand=', ['hand', 'sex']],
    ] as const) {
      const res = await h.request(`/api/v1/export/leaderboard.csv?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(body.error.code).toBe('invalid_input');
      expect(Object.keys(body.error.fields).sort(), query).toEqual(fields);
    }
  });
});
