import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { timeDraw } from './bench/draw.ts';
import { buildFloor } from './bench/floor.ts';
import {
  killAllLighthouseChromesNow,
  LIGHTHOUSE_RUNS,
  lighthouseRun,
  type LighthouseBuild,
  type LighthouseOptions,
} from './bench/lighthouse.ts';
import { LIVE, liveOnDemo, printLive } from './bench/live.ts';
import { MIXED_LOAD, mixedLoadOnDemo, printMixedLoad } from './bench/load.ts';
import {
  report as buildReport,
  lighthouseChecks,
  printChecks,
  printLighthouse,
  ratingsChecks,
  printSummary,
  type Report,
} from './bench/report.ts';
import { printRatings, timeEvaluation, timeModelChange, type RatingsFigures } from './bench/ratings.ts';
import { launchBrowser, screenRun, summarize, type ScreenRun } from './bench/screen.ts';
import { killAllServersNow, startBenchServer, type BenchServer } from './bench/server.ts';
import { printTree, treeChecks, treeOnDemo } from './bench/tree.ts';
import { measureSizes } from './bench/size.ts';
import { closeState, END_DATE, SEED, seedState, timeFullRecompute, writeStaticDir } from './bench/states.ts';
import { fallbackLoad, leaderboardLoad } from './bench/throughput.ts';
import { run } from './bench/util.ts';
import { WARM_RUNS, warmRuns } from './bench/warm.ts';

/**
 * `npm run bench`: speed and size figures against targets, written to
 * bench/report.json (see bench/README.md). A missed target is a finding, not a
 * failure: the exit code is non-zero only when the bench itself breaks.
 * `npm run bench -- load` runs the mixed load alone (bench/report-load.json); `npm run bench -- load 100`
 * runs it at another read rate, to find where this machine holds the target. `npm run bench -- lighthouse` runs the
 * Lighthouse audits alone (bench/report-lighthouse.json). `npm run bench -- live` runs the live bench alone: 2,000
 * spectators on a tournament's live stream while 30 results are recorded (bench/report-live.json; `live 200` runs it
 * with another number of spectators). `npm run bench --
 * ratings` times the ratings alone: the evaluation of 20,000 results and the recompute after a change of constants
 * (bench/report-ratings.json). `npm run bench -- tree` times the brackets page drawing a category of 128 as a tree
 * at 4x CPU slowdown (bench/report-tree.json).
 * `--slow` (with the full bench or `lighthouse`) audits every page also at the CPU slowdown that stands for a
 * machine of benchmark index 1,500; the other Lighthouse options are in bench/README.md.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
// BENCH_DIST: another build to measure (e.g. an older commit's, built in a worktree), same scripts and servers.
const DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(ROOT, 'dist');
const OUT = path.join(ROOT, 'bench', 'report.json');
const LOAD_OUT = path.join(ROOT, 'bench', 'report-load.json');
const LIGHTHOUSE_OUT = path.join(ROOT, 'bench', 'report-lighthouse.json');
const LIVE_OUT = path.join(ROOT, 'bench', 'report-live.json');
const RATINGS_OUT = path.join(ROOT, 'bench', 'report-ratings.json');
const TREE_OUT = path.join(ROOT, 'bench', 'report-tree.json');
// BENCH_COMPARE: a second build audited beside DIST, run by run (`npm run bench -- lighthouse`), to tell a change's
// effect from the machine's moment.
const COMPARE = process.env.BENCH_COMPARE ? path.resolve(process.env.BENCH_COMPARE) : undefined;

/** The command line: a mode (load, lighthouse, live, or none for the full bench) and --flags. */
const args = process.argv.slice(2);
const mode = args.find((a) => !a.startsWith('--'));
const flag = (name: string): string | true | undefined => {
  const a = args.find((x) => x === `--${name}` || x.startsWith(`--${name}=`));
  return a === undefined ? undefined : a.includes('=') ? a.slice(a.indexOf('=') + 1) : true;
};

/** Lighthouse's options from the flags: --slow[=<multiplier>], --runs=<n>, --pages=<a,b>, --keep=<dir>. */
function lighthouseOptions(): LighthouseOptions {
  const slow = flag('slow');
  const runs = flag('runs');
  const pages = flag('pages');
  const keep = flag('keep');
  const multiplier = typeof slow === 'string' ? Number(slow) : undefined;
  if (multiplier !== undefined && !(multiplier >= 1)) throw new Error(`--slow=${slow}: a multiplier of 1 or more`);
  const count = typeof runs === 'string' ? Number(runs) : LIGHTHOUSE_RUNS;
  if (!(Number.isInteger(count) && count >= 1)) throw new Error(`--runs=${runs}: a whole number of runs`);
  return {
    slow: multiplier ?? slow === true,
    runs: count,
    pages: typeof pages === 'string' ? pages.split(',').map((p) => p.trim()) : undefined,
    keepDir: typeof keep === 'string' ? path.resolve(keep) : undefined,
  };
}

function describeLighthouse(o: LighthouseOptions, builds: number): string {
  return (
    `Lighthouse, mobile, ${o.runs} runs per page` +
    (o.slow ? ', at 4x and at the slow end (benchmark index 1,500)' : '') +
    (builds > 1 ? `, ${builds} builds interleaved` : '') +
    ' ...'
  );
}

const LARGE_ATHLETES = 5000;
const SMALL_ATHLETES = 100;
const LOAD_SECONDS = 8;
const WARMUP_SECONDS = 2;
// Nine: with five, a single slow paint on this 2-core machine moved the class-change median by a third.
const SCREEN_RUNS = 9;

async function ensureBuilt(): Promise<string> {
  if (fs.existsSync(path.join(DIST, 'index.html'))) return 'existing dist/';
  console.log('No dist/index.html: building with npm run build ...');
  if ((await run('npm', ['run', 'build'], ROOT)) === 0) return 'npm run build';
  console.warn(
    'npm run build failed; building the app alone with vite build (the bench writes its own fallback.json).',
  );
  if ((await run('npx', ['vite', 'build'], ROOT)) === 0) return 'npx vite build';
  throw new Error('The build failed: see the output above.');
}

/** On Ctrl-C or SIGTERM no browser or server is left behind and `tmp` goes; returns the undo. */
function cleanUpOnSignal(tmp: string): () => void {
  const onSignal = () => {
    killAllLighthouseChromesNow();
    killAllServersNow();
    fs.rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

async function main() {
  const began = performance.now();
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-bench-'));
  const servers: BenchServer[] = [];
  let browser: Browser | undefined;
  const offSignals = cleanUpOnSignal(tmp);

  try {
    const builtBy = await ensureBuilt();
    const size = measureSizes(DIST);

    console.log(`Seeding the large state (${LARGE_ATHLETES} athletes) ...`);
    const large = seedState('large', LARGE_ATHLETES, tmp);
    console.log(`  ${(large.state.seedMs / 1000).toFixed(1)} s; full rating recompute x3 ...`);
    const recompute = timeFullRecompute(large.db, 3);
    console.log('Ratings: the recompute after a change of constants x3, and the evaluation of 20,000 results ...');
    const ratings = { modelChange: timeModelChange(large.db), evaluation: timeEvaluation() };
    console.log('Drawing tournament categories of 128 athletes ...');
    const draw = timeDraw();
    writeStaticDir(large.state, large.db, DIST);
    closeState(large.db);

    console.log(`Seeding the small state (${SMALL_ATHLETES} athletes) ...`);
    const small = seedState('small', SMALL_ATHLETES, tmp);
    writeStaticDir(small.state, small.db, DIST);
    closeState(small.db);

    console.log('Starting the two servers ...');
    const start = (s: typeof large.state) =>
      startBenchServer({ root: ROOT, dataDir: s.dataDir, staticDir: s.staticDir }).then((srv) => {
        servers.push(srv);
        return srv;
      });
    const largeServer = await start(large.state);
    const smallServer = await start(small.state);

    console.log(`Throughput on the large state (${WARMUP_SECONDS} s warm-up + ${LOAD_SECONDS} s, each) ...`);
    const api = await leaderboardLoad(largeServer.url, LOAD_SECONDS, WARMUP_SECONDS);
    const fallback = await fallbackLoad(largeServer.url, LOAD_SECONDS, WARMUP_SECONDS);

    console.log(`Screen timings in Chromium (1 warm-up + ${SCREEN_RUNS} runs per state) ...`);
    browser = await launchBrowser();
    await screenRun(browser, smallServer.url);
    await screenRun(browser, largeServer.url);
    const runs: { small: ScreenRun[]; large: ScreenRun[] } = { small: [], large: [] };
    for (let i = 0; i < SCREEN_RUNS; i++) {
      // Interleaved, so drift on the machine touches both states alike.
      runs.small.push(await screenRun(browser, smallServer.url));
      runs.large.push(await screenRun(browser, largeServer.url));
    }
    const chromiumVersion = browser.version();
    // The seeded states are done with: the phone-like measurements below get a quieter machine.
    await browser.close();
    browser = undefined;
    await Promise.all(servers.splice(0).map((s) => s.stop()));

    console.log('Starting a server on the demo state (as npm start loads it) ...');
    const demoStatic = path.join(tmp, 'static-demo');
    fs.cpSync(DIST, demoStatic, { recursive: true });
    await buildFloor(demoStatic);
    const demoServer = await startBenchServer({
      root: ROOT,
      dataDir: path.join(tmp, 'data-demo'),
      staticDir: demoStatic,
      demoData: true,
    });
    servers.push(demoServer);

    const lhOptions = lighthouseOptions();
    console.log(describeLighthouse(lhOptions, 1));
    const lighthouse = await lighthouseRun(
      [{ label: '', baseUrl: demoServer.url, dist: path.basename(DIST) }],
      tmp,
      lhOptions,
    );

    console.log(`Warm start in Chromium (${WARM_RUNS} runs, service worker allowed) ...`);
    browser = await launchBrowser();
    const warm = await warmRuns(browser, demoServer.url);
    await browser.close();
    browser = undefined;
    await Promise.all(servers.splice(0).map((s) => s.stop()));

    console.log(`Mixed load on a fresh demo state (${MIXED_LOAD.seconds} s, open loop) ...`);
    const mixedLoad = await mixedLoadOnDemo(ROOT, demoStatic, path.join(tmp, 'data-load'));

    const report: Report = buildReport({
      builtBy,
      chromiumVersion,
      config: {
        seed: SEED,
        endDate: END_DATE,
        athletes: { large: LARGE_ATHLETES, small: SMALL_ATHLETES },
        load: { connections: 10, warmupSeconds: WARMUP_SECONDS, seconds: LOAD_SECONDS, acceptEncoding: 'gzip' },
        screen: { runs: SCREEN_RUNS, warmupRuns: 1, viewport: '1280x900', serviceWorkers: 'blocked' },
        lighthouse: {
          runsPerPage: lhOptions.runs,
          state: 'demo',
          pages: lighthouse.settings[0]?.pages.map((p) => p.path) ?? [],
          cpuSlowdownMultipliers: lighthouse.settings.map((s) => s.cpuSlowdownMultiplier),
        },
        warm: { runs: WARM_RUNS, state: 'demo', viewport: '1280x900', serviceWorkers: 'allowed' },
        mixedLoad: { ...MIXED_LOAD, state: 'demo' },
      },
      states: {
        large: { ...large.state, serverStartMs: largeServer.startMs },
        small: { ...small.state, serverStartMs: smallServer.startMs },
      },
      recompute,
      ratings,
      draw,
      load: { api, fallback },
      screen: { small: summarize(runs.small), large: summarize(runs.large) },
      size,
      lighthouse,
      warm,
      mixedLoad,
      durationMs: performance.now() - began,
      loadAverageAtStart,
    });
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, JSON.stringify(report, null, 2) + '\n');
    printSummary(report);
    console.log(`\nReport: ${path.relative(process.cwd(), OUT)} (${(report.durationMs / 1000).toFixed(0)} s)`);
  } finally {
    await browser?.close().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop()));
    killAllLighthouseChromesNow();
    killAllServersNow();
    fs.rmSync(tmp, { recursive: true, force: true });
    offSignals();
  }
}

/**
 * `npm run bench -- lighthouse [--slow]`: the Lighthouse audits alone (the floors and the app's pages on the demo
 * state, about three minutes, seven with --slow), for comparing a change at one moment of the machine;
 * bench/report-lighthouse.json. With BENCH_COMPARE=<folder>, that build is audited too, on a server of its own,
 * each run beside the same run of DIST.
 */
async function lighthouseOnly() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-bench-lh-'));
  const offSignals = cleanUpOnSignal(tmp);
  const servers: BenchServer[] = [];
  try {
    const options = lighthouseOptions();
    await ensureBuilt();
    const size = measureSizes(DIST);
    const builds: LighthouseBuild[] = [];
    const dists = [DIST, ...(COMPARE ? [COMPARE] : [])];
    for (const [k, dist] of dists.entries()) {
      const staticDir = path.join(tmp, `static-demo-${k}`);
      fs.cpSync(dist, staticDir, { recursive: true });
      await buildFloor(staticDir);
      const server = await startBenchServer({
        root: ROOT,
        dataDir: path.join(tmp, `data-demo-${k}`),
        staticDir,
        demoData: true,
      });
      servers.push(server);
      builds.push({ label: dists.length > 1 ? 'AB'[k]! : '', baseUrl: server.url, dist: path.basename(dist) });
    }
    if (COMPARE) console.log(`A = ${DIST}, B = ${COMPARE}`);
    console.log(describeLighthouse(options, builds.length));
    const lighthouse = await lighthouseRun(builds, tmp, options);
    fs.mkdirSync(path.dirname(LIGHTHOUSE_OUT), { recursive: true });
    fs.writeFileSync(
      LIGHTHOUSE_OUT,
      JSON.stringify(
        { date: new Date().toISOString(), cpus: os.cpus().length, size, builds: dists, lighthouse },
        null,
        2,
      ) + '\n',
    );
    console.log(
      `\nJavaScript gzipped: first screen ${(size.firstScreenJsGzipBytes / 1024).toFixed(1)} KB (budget ${size.budgetBytes / 1024} KB)\n`,
    );
    printLighthouse(lighthouse);
    console.log('');
    printChecks(lighthouseChecks(lighthouse));
    console.log(`\nReport: ${path.relative(process.cwd(), LIGHTHOUSE_OUT)}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    killAllLighthouseChromesNow();
    killAllServersNow();
    fs.rmSync(tmp, { recursive: true, force: true });
    offSignals();
  }
}

/** `npm run bench -- load`: the mixed load alone, on the demo state, without the browser parts. */
async function loadOnly() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-bench-load-'));
  const offSignals = cleanUpOnSignal(tmp);
  try {
    // The API alone is measured: the built app is served when there is one, an empty folder otherwise.
    let staticDir = DIST;
    if (!fs.existsSync(path.join(DIST, 'index.html'))) {
      staticDir = path.join(tmp, 'static');
      fs.mkdirSync(staticDir);
    }
    const rate = args.filter((a) => !a.startsWith('--'))[1];
    const readsPerSec = Number(rate ?? MIXED_LOAD.readsPerSec);
    if (!(readsPerSec > 0)) throw new Error(`The read rate must be a number of requests per second, got ${rate}.`);
    console.log(`Mixed load on the demo state (${readsPerSec} reads/s, ${MIXED_LOAD.seconds} s, open loop) ...`);
    const figures = await mixedLoadOnDemo(ROOT, staticDir, path.join(tmp, 'data'), { readsPerSec });
    fs.mkdirSync(path.dirname(LOAD_OUT), { recursive: true });
    fs.writeFileSync(
      LOAD_OUT,
      JSON.stringify(
        { date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, ...figures },
        null,
        2,
      ) + '\n',
    );
    printMixedLoad(figures);
    console.log(`\nReport: ${path.relative(process.cwd(), LOAD_OUT)}`);
  } finally {
    killAllServersNow();
    fs.rmSync(tmp, { recursive: true, force: true });
    offSignals();
  }
}

/** `npm run bench -- live [spectators]`: the live stream's delivery to 2,000 spectators on the demo state, alone. */
async function liveOnly() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-bench-live-'));
  const offSignals = cleanUpOnSignal(tmp);
  try {
    // The API alone is measured: an empty static folder will do.
    const staticDir = path.join(tmp, 'static');
    fs.mkdirSync(staticDir);
    const given = args.filter((a) => !a.startsWith('--'))[1];
    const spectators = Number(given ?? LIVE.spectators);
    if (!(Number.isInteger(spectators) && spectators > 0)) {
      throw new Error(`The spectators must be a whole number, got ${given}.`);
    }
    console.log(`Live stream on the demo state (${spectators} spectators, ${LIVE.results} results) ...`);
    const figures = await liveOnDemo(ROOT, staticDir, path.join(tmp, 'data'), spectators);
    fs.mkdirSync(path.dirname(LIVE_OUT), { recursive: true });
    fs.writeFileSync(
      LIVE_OUT,
      JSON.stringify({ date: new Date().toISOString(), node: process.version, ...figures }, null, 2) + '\n',
    );
    printLive(figures);
    console.log(`\nReport: ${path.relative(process.cwd(), LIVE_OUT)}`);
  } finally {
    killAllServersNow();
    fs.rmSync(tmp, { recursive: true, force: true });
    offSignals();
  }
}

/** `npm run bench -- ratings`: the ratings' two speed rules alone (bench/report-ratings.json), about a minute. */
async function ratingsOnly() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-bench-ratings-'));
  const offSignals = cleanUpOnSignal(tmp);
  try {
    console.log(`Seeding the large state (${LARGE_ATHLETES} athletes) ...`);
    const large = seedState('large', LARGE_ATHLETES, tmp);
    console.log('The recompute after a change of constants x3, and the evaluation of 20,000 results ...');
    const figures: RatingsFigures = { modelChange: timeModelChange(large.db), evaluation: timeEvaluation() };
    closeState(large.db);
    const checks = ratingsChecks(figures);
    fs.mkdirSync(path.dirname(RATINGS_OUT), { recursive: true });
    fs.writeFileSync(
      RATINGS_OUT,
      JSON.stringify({ date: new Date().toISOString(), loadAverage1m: os.loadavg()[0], ...figures, checks }, null, 2) +
        '\n',
    );
    printRatings(figures);
    console.log('');
    printChecks(checks);
    console.log(`\nReport: ${path.relative(process.cwd(), RATINGS_OUT)}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    offSignals();
  }
}

/** `npm run bench -- tree`: the bracket tree of a category of 128 drawn at 4x CPU slowdown (bench/report-tree.json). */
async function treeOnly() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-bench-tree-'));
  const offSignals = cleanUpOnSignal(tmp);
  try {
    await ensureBuilt();
    const staticDir = path.join(tmp, 'static');
    fs.cpSync(DIST, staticDir, { recursive: true });
    const figures = await treeOnDemo(ROOT, staticDir, path.join(tmp, 'data'));
    const checks = treeChecks(figures);
    fs.mkdirSync(path.dirname(TREE_OUT), { recursive: true });
    fs.writeFileSync(
      TREE_OUT,
      JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, ...figures, checks }, null, 2) + '\n',
    );
    printTree(figures);
    console.log('');
    printChecks(checks);
    console.log(`\nReport: ${path.relative(process.cwd(), TREE_OUT)}`);
  } finally {
    killAllServersNow();
    fs.rmSync(tmp, { recursive: true, force: true });
    offSignals();
  }
}

const modes: Record<string, () => Promise<void>> = {
  load: loadOnly,
  lighthouse: lighthouseOnly,
  live: liveOnly,
  ratings: ratingsOnly,
  tree: treeOnly,
};
(modes[mode ?? ''] ?? main)().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('The bench broke:', err);
    process.exit(1);
  },
);
