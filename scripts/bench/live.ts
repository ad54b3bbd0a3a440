import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {
  MatchResultAnswer,
  Tournament,
  TournamentSummary,
} from '../../src/shared/tournament-contract/tournament.ts';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { launchBrowser } from './screen.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { percentile, round } from './util.ts';

/**
 * The live bench: 2,000 spectators (a full hall) on one tournament's live stream (GET /api/v1/tournaments/{id}/live, server-sent
 * events), and 30 results recorded through the API one after another, as a table device records them. For each
 * result: the time from its HTTP answer to its `change` event's arrival at every spectator (p50, p95, max over
 * the spectators), and over all results together. The server is the production one on the demo state (`npm
 * start`'s data), the tournament its running one (Friday Night Pulls), the results those of the table 1 category.
 *
 * The table device's key is a table link written into the database by the bench itself (its SHA-256, as the head
 * table's link route stores it): the bench has no admin sign-in, and a table key is how results arrive at a
 * tournament anyway. An event can reach a spectator before the answer reaches the device (the server tells its
 * listeners as the result commits): such an arrival counts as 0 ms.
 */

export const LIVE = { spectators: 2000, results: 30, table: 1 } as const;
/** File descriptors beside the spectators' sockets: the database, the log, Node's own. */
const SPARE_FDS = 200;
export const LIVE_TARGETS = { p95MsMax: 1000 } as const;

export interface LiveFigures {
  spectators: number;
  /** Lighthouse's benchmark index (higher is faster) measured in Chromium before and after, as the other parts. */
  benchmarkIndex: { atStart: number | null; atEnd: number | null };
  results: number;
  /** Per result, over the spectators: ms from the result's answer to the event's arrival. */
  perResult: { match: string; answerMs: number; p50Ms: number; p95Ms: number; maxMs: number; missing: number }[];
  all: { p50Ms: number; p95Ms: number; maxMs: number; missing: number };
  loadAverage1m: { atStart: number; atEnd: number };
  cpus: number;
  target: typeof LIVE_TARGETS;
  pass: boolean;
}

/** One spectator: a socket of its own reading the stream, the arrival time of each `change` event in order. */
function spectator(url: string) {
  const arrivals: number[] = [];
  let wake: (() => void) | undefined;
  const req = http.get(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      req.destroy(new Error(`The live stream answered ${res.statusCode}.`));
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.split('\n').includes('event: change')) arrivals.push(at);
      }
      wake?.();
    });
  });
  const connected = new Promise<void>((resolve, reject) => {
    req.once('response', (res) => (res.statusCode === 200 ? resolve() : undefined));
    req.once('error', reject);
  });
  req.on('error', () => undefined);
  return {
    arrivals,
    connected,
    /** Resolves once `count` events have arrived, or after `timeoutMs`. */
    until: (count: number, timeoutMs: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        const check = () => {
          if (arrivals.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
        wake = check;
        check();
      }),
    close: () => req.destroy(),
  };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** A table link for `table`, written as the link route writes it; answers its key. */
function tableKey(dbFile: string, tournamentId: number, table: number): string {
  const key = crypto.randomBytes(24).toString('base64url');
  const db = new Database(dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `INSERT INTO tournament_table_links (tournament_id, table_no, secret_hash, created_at, created_by)
       VALUES (?, ?, ?, ?, 'bench')`,
    ).run(tournamentId, table, crypto.createHash('sha256').update(key).digest('hex'), new Date().toISOString());
  } finally {
    db.close();
  }
  return key;
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  };
};

/**
 * The open-file limit this process runs under (Node raises its soft limit to the hard one at start, and so does the
 * server it spawns); null where /proc says nothing (not Linux).
 */
function openFileLimit(): number | null {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) ? soft : null;
  } catch {
    return null;
  }
}

/** Lighthouse's benchmark index, measured the way Lighthouse measures it: its page function, in Chromium. */
async function benchmarkIndex(): Promise<number | null> {
  const browser = await launchBrowser().catch(() => undefined);
  if (!browser) return null;
  try {
    const page = await browser.newPage();
    const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
    return typeof index === 'number' ? round(index) : null;
  } finally {
    await browser.close();
  }
}

export async function liveBench(
  baseUrl: string,
  dbFile: string,
  count: number = LIVE.spectators,
): Promise<LiveFigures> {
  const limit = openFileLimit();
  if (limit !== null && limit < count + SPARE_FDS) {
    throw new Error(
      `${count} spectators need ${count + SPARE_FDS} open files in this process and in the server; the limit is ` +
        `${limit}. Raise it (ulimit -Hn, or LimitNOFILE for a systemd service) or run fewer spectators.`,
    );
  }
  const indexAtStart = await benchmarkIndex();
  const atStart = round(os.loadavg()[0] ?? 0, 2);
  const { tournaments } = await getJson<{ tournaments: TournamentSummary[] }>(`${baseUrl}/api/v1/tournaments`);
  const running = tournaments.find((t) => t.name === 'Friday Night Pulls');
  if (!running) throw new Error('The demo state has no running tournament (Friday Night Pulls).');
  const t = await getJson<Tournament>(`${baseUrl}/api/v1/tournaments/${running.id}`);
  let category = t.categories.find((c) => c.table === LIVE.table && c.matches.some((m) => m.status === 'ready'));
  if (!category) throw new Error(`No category at table ${LIVE.table} has a match ready.`);
  const key = tableKey(dbFile, t.id, LIVE.table);

  const spectators = Array.from({ length: count }, () => spectator(`${baseUrl}/api/v1/tournaments/${t.id}/live`));
  await Promise.all(spectators.map((s) => s.connected));

  const perResult: LiveFigures['perResult'] = [];
  const all: number[] = [];
  let missingAll = 0;
  for (let i = 0; i < LIVE.results; i++) {
    const match = category.matches.find((m) => m.status === 'ready');
    if (!match) throw new Error(`The table 1 category ran out of ready matches after ${i} results.`);
    const sent = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/tournaments/${t.id}/matches/${match.id}/result`, {
      method: 'POST',
      headers: {
        Authorization: `Table ${key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ winner: i % 3 === 0 ? 'B' : 'A', method: 'pin' }),
    });
    const body = (await res.json()) as MatchResultAnswer;
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`The result was answered ${res.status}: ${JSON.stringify(body)}`);
    category = body.category;
    await Promise.all(spectators.map((s) => s.until(i + 1, 10_000)));
    const times = spectators.flatMap((s) => {
      const at = s.arrivals[i];
      return at === undefined ? [] : [Math.max(0, at - answered)];
    });
    const missing = count - times.length;
    missingAll += missing;
    all.push(...times);
    perResult.push({ match: match.code, answerMs: round(answered - sent), ...spread(times), missing });
  }
  for (const s of spectators) s.close();
  const total = { ...spread(all), missing: missingAll };
  const atEnd = round(os.loadavg()[0] ?? 0, 2);
  return {
    spectators: count,
    benchmarkIndex: { atStart: indexAtStart, atEnd: await benchmarkIndex() },
    results: LIVE.results,
    perResult,
    all: total,
    loadAverage1m: { atStart, atEnd },
    cpus: os.cpus().length,
    target: LIVE_TARGETS,
    pass: total.missing === 0 && total.p95Ms <= LIVE_TARGETS.p95MsMax,
  };
}

/** Starts a server of its own on the demo state (as `npm start` loads it), runs the live bench and stops it. */
export async function liveOnDemo(
  root: string,
  staticDir: string,
  dataDir: string,
  spectators: number = LIVE.spectators,
): Promise<LiveFigures> {
  let server: BenchServer | undefined;
  try {
    server = await startBenchServer({ root, dataDir, staticDir, demoData: true });
    return await liveBench(server.url, path.join(dataDir, 'app.db'), spectators);
  } finally {
    await server?.stop();
  }
}

export function printLive(f: LiveFigures): void {
  console.log(
    `\nLive: ${f.spectators} spectators on one tournament's stream, ${f.results} results one by one ` +
      `(load average ${f.loadAverage1m.atStart} at start, ${f.loadAverage1m.atEnd} at end, ${f.cpus} CPUs; ` +
      `benchmark index ${f.benchmarkIndex.atStart ?? '?'} at start, ${f.benchmarkIndex.atEnd ?? '?'} at end)`,
  );
  console.log('result  match    answer ms  p50 ms  p95 ms  max ms  missing');
  for (const [i, r] of f.perResult.entries()) {
    console.log(
      [
        String(i + 1).padStart(6),
        r.match.padEnd(7),
        r.answerMs.toFixed(1).padStart(10),
        r.p50Ms.toFixed(1).padStart(7),
        r.p95Ms.toFixed(1).padStart(7),
        r.maxMs.toFixed(1).padStart(7),
        String(r.missing).padStart(8),
      ].join('  '),
    );
  }
  console.log(
    `All: p50 ${f.all.p50Ms} ms, p95 ${f.all.p95Ms} ms, max ${f.all.maxMs} ms, missing ${f.all.missing}. ` +
      `Target: p95 <= ${f.target.p95MsMax} ms, none missing: ${f.pass ? 'pass' : 'FAIL'}`,
  );
}
