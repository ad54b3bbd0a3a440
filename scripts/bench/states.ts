import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations.ts';
import { seedDemoState } from '../../src/server/demo/generate.ts';
import { fallbackDocument } from '../../src/server/rankings/fallback.ts';
import { rerate } from '../../src/server/ratings/engine.ts';
import { median, ms, round } from './util.ts';

/**
 * One benchmark state: a seeded database file in its own folder (the server's
 * DATA_DIR) and a copy of the built app whose fallback.json comes from that
 * same database, so the API and the static file serve the same data.
 */
export interface BenchState {
  name: 'large' | 'small';
  dataDir: string;
  staticDir: string;
  athletes: number;
  seedMs: number;
  counts: { athletes: number; placements: number; supermatches: number; ratings: number };
  fallbackBytes: number;
}

export interface RecomputeFigures {
  runsMs: number[];
  medianMs: number;
  units: number;
  placements: number;
  supermatches: number;
}

export const SEED = 20240601;
export const END_DATE = '2025-06-30';

function count(db: Db, table: string): number {
  return db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
}

export function seedState(name: BenchState['name'], athletes: number, tmp: string): { state: BenchState; db: Db } {
  const dataDir = path.join(tmp, `data-${name}`);
  const staticDir = path.join(tmp, `static-${name}`);
  const db = openDatabase(path.join(dataDir, 'app.db'));
  migrate(db, migrations);
  const started = performance.now();
  seedDemoState(db, { seed: SEED, athletes, end: END_DATE });
  const seedMs = round(ms(started));
  const state: BenchState = {
    name,
    dataDir,
    staticDir,
    athletes,
    seedMs,
    counts: {
      athletes: count(db, 'athletes'),
      placements: count(db, 'placements'),
      supermatches: count(db, 'supermatch_results'),
      ratings: count(db, 'ratings'),
    },
    fallbackBytes: 0,
  };
  return { state, db };
}

/** The built app copied for this state, with fallback.json written from the state's database. */
export function writeStaticDir(state: BenchState, db: Db, dist: string): void {
  fs.cpSync(dist, state.staticDir, { recursive: true });
  const json = JSON.stringify(fallbackDocument(db));
  fs.writeFileSync(path.join(state.staticDir, 'fallback.json'), json);
  state.fallbackBytes = Buffer.byteLength(json);
}

/** Full recompute of every rating from scratch, `runs` times; the median is the figure. */
export function timeFullRecompute(db: Db, runs = 3): RecomputeFigures {
  const runsMs: number[] = [];
  let units = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    units = rerate(db, { full: true }).units;
    runsMs.push(round(ms(started)));
  }
  return {
    runsMs,
    medianMs: round(median(runsMs)),
    units,
    placements: count(db, 'placements'),
    supermatches: count(db, 'supermatch_results'),
  };
}

/** Closes the database so the server process gets a checkpointed file. */
export function closeState(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
