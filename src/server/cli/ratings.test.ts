import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { rerate } from '../ratings/engine.ts';
import { resultsFixture } from '../test/results-fixture.ts';

/** `npm run ratings` as a person runs it: a Node process of its own, beside a configured database. */
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratings-cli-'));
  const db = openDatabase(path.join(dir, 'app.db'));
  migrate(db, migrations);
  const f = resultsFixture(db);
  for (const n of ['Al Able', 'Bo Bell', 'Cy Cole']) f.athlete(n, 'M', 250);
  f.bracket(f.event('Winter Open', '2025-01-10'), 'RH', ['Al Able', 'Cy Cole', 'Bo Bell']);
  f.supermatch('2025-02-10', 'Bo Bell', 'Al Able', 'RH', 3, 1);
  f.supermatch('2025-03-10', 'Al Able', 'Cy Cole', 'RH', 3, 0);
  rerate(db);
  db.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function ratings(...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/ratings.ts', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: dir, NODE_ENV: 'test' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const hashOf = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

it(
  'writes a synthetic league, then evaluates it: the five models with every figure, as JSON',
  { timeout: 90_000 },
  async () => {
    const league = path.join(dir, 'league.csv');
    const synth = await ratings('synth', '--seed', '1', '--results', '1500', '--out', league);
    expect(synth.err).toBe('');
    expect(synth.out).toMatch(/^Wrote .*league\.csv: \d+ results of \d+ athletes \(seed 1\)\.$/m);

    const { code, out } = await ratings('evaluate', league, '--json');
    expect(code).toBe(0);
    const body = JSON.parse(out) as { n: number; test_from: string; models: Record<string, unknown>[] };
    expect(Object.keys(body)).toEqual(['n', 'test_from', 'models']);
    expect(body.test_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.models.map((m) => m.name)).toEqual(['app', 'app_pin', 'elo', 'glicko2', 'coin']);
    for (const m of body.models) {
      expect(Object.keys(m)).toEqual(['name', 'n', 'log_loss', 'brier', 'accuracy', 'mean_confidence', 'calibration']);
      expect(m.n).toBe(body.n);
      expect(m.calibration).toHaveLength(10);
    }
    expect(body.n).toBeGreaterThan(50);
    expect(body.models.find((m) => m.name === 'coin')!.log_loss).toBeCloseTo(Math.log(2), 12);
  },
);

it(
  'without a file, evaluates the configured database, read only; prints a table a person reads',
  { timeout: 60_000 },
  async () => {
    const before = hashOf(path.join(dir, 'app.db'));
    const { code, out } = await ratings('evaluate', '--test', '0.5');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^Scored 1 head-to-head results from 2025-03-10 on \(the split between days nearest the last 50%\)/m,
    );
    expect(out).toMatch(/^model\s+n\s+log-loss\s+Brier\s+accuracy\s+confidence\s+calib\. error$/m);
    expect(out).toMatch(/^coin\s+1\s+0\.693\s+0\.250\s+0\.500\s+0\.500\s+0\.000$/m);
    expect(hashOf(path.join(dir, 'app.db'))).toBe(before);
  },
);

it("a bad file gets the import's messages, line by line, and nothing is written", { timeout: 60_000 }, async () => {
  const bad = path.join(dir, 'bad.csv');
  fs.writeFileSync(
    bad,
    'type,date,hand,athlete,athlete_b,sex,a_wins,b_wins,best_of\nsupermatch,2025-02-30,RH,Al Able,Bo Bell,M,3,1,5\nsupermatch,2025-03-01,XH,Al Able,Bo Bell,M,3,1,5\n',
  );
  const before = hashOf(path.join(dir, 'app.db'));
  const { code, out, err } = await ratings('evaluate', bad);
  expect(code).toBe(1);
  expect(out).toBe('');
  expect(err).toContain(`${bad}:2: date: 2025-02-30 is not a real calendar date`);
  expect(err).toContain(`${bad}:3: hand: must be LH or RH (Left/Right and L/R work too) (got "XH")`);
  expect(err).toContain('2 problems on 2 lines; nothing was evaluated.');
  expect(hashOf(path.join(dir, 'app.db'))).toBe(before);

  const flag = await ratings('evaluate', '--test', '2');
  expect(flag.code).toBe(2);
  expect(flag.err).toContain('--test must be a share between 0 and 1, like 0.4');
  const other = await ratings('evaluate', '--seed', '2');
  expect(other.code).toBe(2);
  expect(other.err).toContain('--seed is not an option of evaluate.');
});
