import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { rerate } from '../ratings/engine.ts';
import { readTournament } from '../tournaments/read.ts';
import { seedDemoEvents } from './events.ts';
import { writeDemoResults } from './generate.ts';
import { seedDemoTournaments } from './tournaments.ts';

const TODAY = '2026-03-13';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The demo as `npm start` writes it into an empty database, for one day. */
function demo(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-demo-t-'));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'app.db'));
  migrate(db, migrations);
  writeDemoResults(db, { end: TODAY });
  seedDemoEvents(db, TODAY);
  seedDemoTournaments(db);
  rerate(db);
  return db;
}

describe('the demo tournaments', () => {
  it('publishes Eastport Harvest Open and runs Friday Night Pulls today, the same way every time', () => {
    const db = demo();
    const ids = db.prepare('SELECT id FROM tournaments ORDER BY id').pluck().all() as number[];
    expect(ids).toHaveLength(2);
    const [harvest, tonight] = ids.map((id) => readTournament(db, id));

    expect(harvest).toMatchObject({ name: 'Eastport Harvest Open', published: true });
    expect(harvest!.categories.length).toBeGreaterThanOrEqual(8);
    for (const c of harvest!.categories) {
      expect(c.entries.length).toBeGreaterThanOrEqual(5);
      expect(c.entries.length).toBeLessThanOrEqual(24);
      expect(c.status).toBe('published');
    }
    const methods = harvest!.categories.flatMap((c) => c.matches.map((m) => m.method));
    expect(methods).toEqual(expect.arrayContaining(['pin', 'fouls', 'no_show', 'withdrawal']));
    expect(harvest!.standings.length).toBeGreaterThan(0);
    // Its medals and its rated matches are in the product.
    expect(
      db
        .prepare('SELECT COUNT(*) FROM placements WHERE tournament_category_id IS NOT NULL AND place <= 3')
        .pluck()
        .get(),
    ).toBeGreaterThanOrEqual(24);
    expect(db.prepare('SELECT COUNT(*) FROM tournament_rated_matches').pluck().get()).toBeGreaterThan(100);

    expect(tonight).toMatchObject({ name: 'Friday Night Pulls', date: TODAY, published: false });
    const statuses = tonight!.categories.map((c) => c.status);
    expect(statuses).toEqual(expect.arrayContaining(['finished', 'running', 'not_drawn']));
    const big = tonight!.categories.find((c) => c.entries.length === 64)!;
    expect(big.status).toBe('running');
    const done = big.matches.filter((m) => m.status === 'done').length;
    expect(done).toBeGreaterThanOrEqual(63);
    expect(big.matches.some((m) => m.status === 'ready')).toBe(true);
    // At tables 1 to 4 (the table screens and the head table's overview have data); the one not drawn at none.
    expect(big.table).toBe(1);
    expect([...new Set(tonight!.categories.map((c) => c.table))].sort()).toEqual([1, 2, 3, 4, null]);
    expect(tonight!.categories.find((c) => c.status === 'not_drawn')!.table).toBeNull();
    expect(big.matches.every((m) => m.table === 1)).toBe(true);

    // Deterministic for the day.
    const again = demo();
    expect(readTournament(again, 1)).toEqual(harvest);
    expect(readTournament(again, 2)).toEqual(tonight);
  });
});
