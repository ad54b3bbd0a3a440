import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { mulberry32 } from '../../src/shared/prng.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { percentile, round } from './util.ts';

/**
 * The mixed load: what a busy evening looks like to the server on the demo
 * state. Reads of the leaderboards, athlete details and events at a fixed
 * total rate, and supermatch results submitted by organizers at the same time
 * (each with its Idempotency-Key; every fifth sent twice, as an outbox retry
 * after a lost answer would).
 *
 * Open loop: each request is sent at its scheduled time whether or not the
 * ones before it have been answered, and its latency runs from that scheduled
 * time to the last byte of the answer. A slow answer therefore counts against
 * every request scheduled behind it (no coordinated omission), as it would
 * for the people sending them. Connections are kept alive (a pool of
 * sockets, like a proxy in front of the server).
 *
 * Afterwards the database is read: every submission the server accepted (201)
 * must be stored exactly once, and each retry must have been given the same
 * receipt as the first send.
 */

export interface MixedLoadOptions {
  seconds: number;
  readsPerSec: number;
  submissionsPerSec: number;
  readMix: { leaderboard: number; athlete: number; events: number };
  retryEvery: number;
  submissionsPerAddress: number;
  sockets: number;
}

export const MIXED_LOAD: MixedLoadOptions = {
  seconds: 30,
  readsPerSec: 200,
  submissionsPerSec: 4,
  /** Share of the reads per route (sums to 1). */
  readMix: { leaderboard: 0.5, athlete: 0.3, events: 0.2 },
  /** Every n-th submission is sent again with the same key once its answer is in. */
  retryEvery: 5,
  /** Submissions per simulated organizer address (the per-address budget is 30 per 10 minutes). */
  submissionsPerAddress: 10,
  sockets: 64,
};

export const MIXED_LOAD_TARGETS = { readP99MsMax: 100, errorsMax: 0 } as const;

type Route = 'leaderboard' | 'athlete' | 'events' | 'submission' | 'submission retry';

export interface RouteFigures {
  route: Route;
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Answers other than the expected status, and requests that failed outright. */
  errors: number;
  statuses: Record<string, number>;
}

export interface MixedLoadFigures {
  seconds: number;
  readsPerSec: number;
  submissionsPerSec: number;
  routes: RouteFigures[];
  reads: { requests: number; latencyP50Ms: number; latencyP99Ms: number; errors: number };
  submissions: {
    sent: number;
    accepted: number;
    retries: number;
    /** Retries answered with another receipt than the first send's. */
    retriesWithOtherReceipt: number;
    /** Accepted submissions found in the database exactly once / not at all / more than once. */
    storedOnce: number;
    missing: number;
    duplicated: number;
    /** Rows of this run stored without a 201 (a request whose answer was lost). */
    storedWithoutReceipt: number;
  };
  /** How late the generator itself sent requests (ms behind schedule, p99): above a few ms the figures are the client's. */
  sendLagP99Ms: number;
  loadAverage1m: { atStart: number; atEnd: number };
  pass: { readP99: boolean; errors: boolean; storedOnce: boolean };
}

interface Sample {
  route: Route;
  latencyMs: number;
  status: number; // 0: no answer
  error?: string | undefined;
  ok: boolean;
}

function summarize(route: Route, samples: Sample[]): RouteFigures {
  const lat = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples) {
    const key = s.status ? String(s.status) : `no answer (${s.error ?? 'unknown'})`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return {
    route,
    requests: samples.length,
    latencyP50Ms: round(percentile(lat, 50), 1),
    latencyP99Ms: round(percentile(lat, 99), 1),
    latencyMaxMs: round(lat.at(-1) ?? NaN, 1),
    errors: samples.filter((s) => !s.ok).length,
    statuses,
  };
}

interface Answer {
  status: number;
  body: string;
  /** Why no answer came (ECONNRESET, timeout, ...). */
  error?: string;
}

function send(
  agent: http.Agent,
  base: URL,
  req: { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve) => {
    const r = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: { 'accept-encoding': 'gzip', ...req.headers },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          // Read as a browser would: a gzipped answer is unzipped (the time counted is the server's).
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body: body.toString() });
        });
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ status: 0, body: '', error: e.code ?? e.message }));
      },
    );
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', (e: NodeJS.ErrnoException) => resolve({ status: 0, body: '', error: e.code ?? e.message }));
    if (req.body) r.end(req.body);
    else r.end();
  });
}

/** The mixed load against a running server on the demo state; `dbFile` is its database, read afterwards. */
export async function mixedLoad(baseUrl: string, dbFile: string, opts: Partial<MixedLoadOptions> = {}) {
  const o = { ...MIXED_LOAD, ...opts };
  const base = new URL(baseUrl);
  const loadAtStart = os.loadavg()[0] ?? 0;
  // A fixed sequence, so two runs ask for the same things.
  const rand = mulberry32(20261124);
  const run = `load ${Date.now().toString(36)}`;

  // Names to ask about and to submit results for: the demo's ranked athletes.
  const names: Record<'M' | 'F', string[]> = { M: [], F: [] };
  for (const sex of ['M', 'F'] as const) {
    const res = await fetch(`${baseUrl}/api/v1/leaderboard?sex=${sex}`);
    if (!res.ok) throw new Error(`GET /api/v1/leaderboard?sex=${sex} answered ${res.status}`);
    const board = (await res.json()) as { ranks: { RH: { name: string }[] } };
    names[sex] = board.ranks.RH.map((r) => r.name);
  }
  if (names.M.length < 2 || names.F.length < 2)
    throw new Error('The mixed load needs the demo state (ranked athletes).');

  const agent = new http.Agent({ keepAlive: true, maxSockets: o.sockets });
  const samples: Sample[] = [];
  const lags: number[] = [];
  const receipts: { marker: string; id: number | null; status: number; retryId?: number | null }[] = [];
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  let buster = 0;
  const readRequest = (): { route: Route; path: string } => {
    const x = rand();
    const sex = rand() < 0.6 ? 'M' : 'F';
    if (x < o.readMix.leaderboard)
      return { route: 'leaderboard', path: `/api/v1/leaderboard?sex=${sex}&t=${++buster}` };
    if (x < o.readMix.leaderboard + o.readMix.athlete) {
      const name = encodeURIComponent(pick(names[sex]));
      return { route: 'athlete', path: `/api/v1/athletes?name=${name}&sex=${sex}&t=${++buster}` };
    }
    return { route: 'events', path: `/api/v1/events?t=${++buster}` };
  };

  const timed = async (route: Route, scheduled: number, okStatus: number, go: () => Promise<Answer>) => {
    const answer = await go();
    const latencyMs = performance.now() - scheduled;
    samples.push({ route, latencyMs, status: answer.status, error: answer.error, ok: answer.status === okStatus });
    return answer;
  };

  let submissionNo = 0;
  const submit = (scheduled: number) => {
    const n = submissionNo++;
    const sex = rand() < 0.6 ? 'M' : 'F';
    const a = pick(names[sex]);
    let b = pick(names[sex]);
    while (b === a) b = pick(names[sex]);
    const marker = `${run} #${n}`;
    const body = JSON.stringify({
      a,
      b,
      hand: rand() < 0.5 ? 'LH' : 'RH',
      winner: rand() < 0.5 ? 'A' : 'B',
      score: '3-1',
      notes: marker,
      submitter: 'Load bench',
    });
    const address = `10.77.${Math.floor(n / o.submissionsPerAddress / 250)}.${1 + (Math.floor(n / o.submissionsPerAddress) % 250)}`;
    const headers = {
      'content-type': 'application/json',
      'idempotency-key': `${run}-${n}`.replace(/\s/g, '-'),
      'x-forwarded-for': address,
    };
    const receipt: (typeof receipts)[number] = { marker, id: null, status: 0 };
    receipts.push(receipt);
    track(
      (async () => {
        const first = await timed('submission', scheduled, 201, () =>
          send(agent, base, { method: 'POST', path: '/api/v1/supermatch-submissions', headers, body }),
        );
        receipt.status = first.status;
        if (first.status === 201) receipt.id = (JSON.parse(first.body) as { id: number }).id;
        if (n % o.retryEvery === 0) {
          const again = performance.now();
          const second = await timed('submission retry', again, 201, () =>
            send(agent, base, { method: 'POST', path: '/api/v1/supermatch-submissions', headers, body }),
          );
          receipt.retryId = second.status === 201 ? (JSON.parse(second.body) as { id: number }).id : null;
        }
      })(),
    );
  };

  // One schedule for both streams: request k of a stream is due at k / rate seconds.
  const start = performance.now() + 50;
  const end = start + o.seconds * 1000;
  let reads = 0;
  let subs = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (reads < o.readsPerSec * o.seconds && start + (reads * 1000) / o.readsPerSec <= now) {
        const scheduled = start + (reads++ * 1000) / o.readsPerSec;
        lags.push(now - scheduled);
        const r = readRequest();
        track(timed(r.route, scheduled, 200, () => send(agent, base, { method: 'GET', path: r.path })).then(() => {}));
      }
      while (subs < o.submissionsPerSec * o.seconds && start + (subs * 1000) / o.submissionsPerSec <= now) {
        const scheduled = start + (subs++ * 1000) / o.submissionsPerSec;
        lags.push(now - scheduled);
        submit(scheduled);
      }
      if (now >= end && reads >= o.readsPerSec * o.seconds && subs >= o.submissionsPerSec * o.seconds) resolve();
      else setTimeout(tick, 1);
    };
    setTimeout(tick, 0);
  });
  while (inFlight.size) await Promise.all([...inFlight]);
  agent.destroy();

  // Stored exactly once: the run's rows, by the marker each submission carried in its notes.
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const stored = new Map<string, number>();
  for (const row of db
    .prepare('SELECT notes, COUNT(*) AS n FROM supermatch_submissions WHERE notes LIKE ? GROUP BY notes')
    .all(`${run} #%`) as { notes: string; n: number }[]) {
    stored.set(row.notes, row.n);
  }
  db.close();
  const accepted = receipts.filter((r) => r.status === 201);
  const retried = receipts.filter((r) => r.retryId !== undefined);
  const acceptedMarkers = new Set(accepted.map((r) => r.marker));

  const routes = (['leaderboard', 'athlete', 'events', 'submission', 'submission retry'] as const).map((route) =>
    summarize(
      route,
      samples.filter((s) => s.route === route),
    ),
  );
  const readSamples = samples.filter((s) => s.route !== 'submission' && s.route !== 'submission retry');
  const readFigures = summarize('leaderboard', readSamples);
  const errors = routes.reduce((n, r) => n + r.errors, 0);
  const submissions = {
    sent: receipts.length,
    accepted: accepted.length,
    retries: retried.length,
    retriesWithOtherReceipt: retried.filter((r) => r.status === 201 && r.retryId !== r.id).length,
    storedOnce: accepted.filter((r) => stored.get(r.marker) === 1).length,
    missing: accepted.filter((r) => !stored.has(r.marker)).length,
    duplicated: accepted.filter((r) => (stored.get(r.marker) ?? 0) > 1).length,
    storedWithoutReceipt: [...stored.keys()].filter((m) => !acceptedMarkers.has(m)).length,
  };
  const sortedLags = [...lags].sort((a, b) => a - b);
  return {
    seconds: o.seconds,
    readsPerSec: o.readsPerSec,
    submissionsPerSec: o.submissionsPerSec,
    routes,
    reads: {
      requests: readFigures.requests,
      latencyP50Ms: readFigures.latencyP50Ms,
      latencyP99Ms: readFigures.latencyP99Ms,
      errors: readFigures.errors,
    },
    submissions,
    sendLagP99Ms: round(percentile(sortedLags, 99), 1),
    loadAverage1m: { atStart: round(loadAtStart, 2), atEnd: round(os.loadavg()[0] ?? 0, 2) },
    pass: {
      readP99: readFigures.latencyP99Ms <= MIXED_LOAD_TARGETS.readP99MsMax,
      errors: errors <= MIXED_LOAD_TARGETS.errorsMax,
      storedOnce:
        submissions.storedOnce === submissions.accepted &&
        submissions.retriesWithOtherReceipt === 0 &&
        submissions.accepted > 0,
    },
  } satisfies MixedLoadFigures;
}

/**
 * Starts a server of its own on the demo state (as `npm start` loads it), runs the mixed load and stops it.
 * The server trusts X-Forwarded-For here, so the submissions come from many organizers' addresses, each within
 * the per-address budget, as they would through a proxy.
 */
export async function mixedLoadOnDemo(
  root: string,
  staticDir: string,
  dataDir: string,
  opts: Partial<MixedLoadOptions> = {},
): Promise<MixedLoadFigures> {
  const saved = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = 'true';
  let server: BenchServer | undefined;
  try {
    server = await startBenchServer({ root, dataDir, staticDir, demoData: true }).finally(() => {
      // The child took its environment when it was spawned: ours goes back as it was.
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    });
    // A warm-up, not measured: the first answers compile the server's code paths and fill its caches.
    await mixedLoad(server.url, path.join(dataDir, 'app.db'), { seconds: 3, readsPerSec: 50, submissionsPerSec: 1 });
    return await mixedLoad(server.url, path.join(dataDir, 'app.db'), opts);
  } finally {
    await server?.stop();
  }
}

export function printMixedLoad(f: MixedLoadFigures): void {
  const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');
  console.log(
    `\nMixed load on the demo state, open loop: ${f.readsPerSec} reads/s + ${f.submissionsPerSec} submissions/s for ` +
      `${f.seconds} s (load average ${f.loadAverage1m.atStart} at start, ${f.loadAverage1m.atEnd} at end; ` +
      `generator lag p99 ${f.sendLagP99Ms} ms)`,
  );
  const rows = [
    ['route', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
    ...f.routes.map((r) => [
      r.route,
      String(r.requests),
      r.latencyP50Ms.toFixed(1),
      r.latencyP99Ms.toFixed(1),
      r.latencyMaxMs.toFixed(1),
      String(r.errors),
    ]),
    [
      'all reads',
      String(f.reads.requests),
      f.reads.latencyP50Ms.toFixed(1),
      f.reads.latencyP99Ms.toFixed(1),
      '',
      String(f.reads.errors),
    ],
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows)
    console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  const s = f.submissions;
  console.log(
    `Submissions: ${s.accepted} of ${s.sent} accepted (201); stored once ${s.storedOnce}, missing ${s.missing}, ` +
      `duplicated ${s.duplicated}, stored without a 201 ${s.storedWithoutReceipt}; ${s.retries} retries, ` +
      `${s.retriesWithOtherReceipt} with another receipt`,
  );
  for (const r of f.routes) {
    const odd = Object.entries(r.statuses).filter(([k]) => k !== '200' && k !== '201');
    if (odd.length) console.log(`  ${r.route}: ${odd.map(([k, n]) => `${k} x${n}`).join(', ')}`);
  }
  console.log(
    `Targets: reads p99 <= ${MIXED_LOAD_TARGETS.readP99MsMax} ms ${verdict(f.pass.readP99)}; ` +
      `errors ${MIXED_LOAD_TARGETS.errorsMax} ${verdict(f.pass.errors)}; ` +
      `every accepted submission stored once ${verdict(f.pass.storedOnce)}`,
  );
}
