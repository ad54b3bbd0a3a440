import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import * as medianRun from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chromium.ts';
import { FLOOR_PATH, STACK_FLOOR_PATH } from './floor.ts';
import { launchBrowser } from './screen.ts';
import { median, round, waitForQuietCpu } from './util.ts';

/**
 * Lighthouse's mobile performance audit (its default config: a Moto G-sized
 * screen, simulated slow 4G and 4x CPU slowdown) on the app's main pages, run
 * by the npm `lighthouse` package in the same Chromium the browser tests use.
 * Every run gets a new Chromium with an empty profile, and Lighthouse resets
 * the origin's storage before loading, so no service worker or cache answers.
 * The median figures of a page are those of its median run as Lighthouse picks
 * it (the run closest to the median first paint and time to interactive), so
 * they all come from one real load; the targets judge every run.
 *
 * `--slow` audits every load a second time, at the CPU slowdown that stands for a machine of benchmark index 1,500
 * (SLOW_END_INDEX): the default 4x times the index Lighthouse measured in that browser just before the load, over
 * 1,500. Lighthouse simulates the slowdown by multiplying the tasks it saw at full speed, so a load on a machine of
 * index 3,000 audited at 8x gives what one of 1,500 gives at 4x. The index is each load's own, not one measured at
 * the start: this machine's moved between 2,600 and 3,600 within one bench run (others' work beside it), which
 * made one fixed multiplier stand for anything from 1,100 to 1,500.
 */
export const LIGHTHOUSE_RUNS = 3;
/** Lighthouse's own mobile CPU slowdown. */
export const DEFAULT_CPU_SLOWDOWN = 4;
/**
 * The benchmark index the slow setting stands for: this machine's slow moments (1,500 to 3,200 seen), where the
 * last bench's misses were (popup TBT 181 and 301 ms at 8.4x on an index of about 3,100).
 */
export const SLOW_END_INDEX = 1500;

/** A load's figures as Lighthouse reports them; null when the run broke. */
interface LoadFigures {
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
}

const NO_LOAD: LoadFigures = { score: null, fcpMs: null, lcpMs: null, tbtMs: null, cls: null, speedIndexMs: null };

/** One audit's figures. */
export interface LighthouseRunFigures extends LoadFigures {
  mainThreadMs: number | null;
  benchmarkIndex: number | null;
  /** The simulated CPU slowdown of this run: 4, or the slow setting's for this run's index. */
  cpuSlowdownMultiplier: number | null;
}

/** A page at one setting: its median run's figures (null when no run loaded the page), and every run's. */
export interface LighthousePage extends LoadFigures {
  name: string;
  /** Path and hash on the server, e.g. `/#/events`. */
  path: string;
  /**
   * Lighthouse's main-thread work (mainthread-work-breakdown, at the setting's CPU slowdown), ms: the median over
   * the page's runs, not the median run's. The median run is picked by its first paint and time to interactive,
   * and a ratio of two single runs moved by a third from one bench run to the next with the floor's own noise.
   */
  mainThreadMs: number | null;
  /**
   * `mainThreadMs` as a multiple of the floor page's at the same setting: a figure to compare runs by (the
   * machine's speed moves both alike), no target.
   */
  mainThreadVsFloor: number | null;
  /** Bytes on the wire (headers included) of the scripts, and of every request. */
  jsTransferBytes: number | null;
  totalTransferBytes: number | null;
  /** Every run's figures, in the order run, and which one is the median run (0-based). */
  runs: LighthouseRunFigures[];
  medianRun: number | null;
  /**
   * The worst run's figure of each target (lowest score, highest LCP, TBT and CLS): the targets hold in every
   * run, since a long task that lands in one run of three is what a phone meets one load in three.
   */
  worst: { score: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  /** What Lighthouse said went wrong in a run, if anything. */
  errors: string[];
}

/** Every page at one CPU slowdown (and one build, when two are compared). */
export interface LighthouseSetting {
  /** '4x', or 'slow' for the slowdown that stands for SLOW_END_INDEX; with the build's label when comparing. */
  name: string;
  /** The build audited (its folder's name). */
  build: string;
  /** The median of its runs' multipliers (each run's own index sets the slow one), and their range. */
  cpuSlowdownMultiplier: number | null;
  cpuSlowdownMultiplierRange: [number, number] | null;
  /**
   * The benchmark index this setting stood for, the median over its runs of index x 4 / multiplier: 1,500 for the
   * slow setting; for the default 4x, the machine itself.
   */
  standsForIndex: number | null;
  pages: LighthousePage[];
  /**
   * The floor (scripts/bench/floor/): the smallest React page drawing the same first ten rows from the same JSON,
   * audited in the same run. Not a page of the app: no targets, only the measure the others are divided by.
   */
  floor: LighthousePage | null;
  /**
   * The stack floor (scripts/bench/floor-stack/): the same rows through TanStack Router and a persisted TanStack
   * Query cache, nothing of the app. No target either: its multiple of the floor is what the owner's stack costs,
   * and a page's multiple of it is what the page's own work does.
   */
  stackFloor: LighthousePage | null;
  /** Lighthouse's measure of this machine's speed (higher is faster), median over this setting's runs. */
  benchmarkIndex: number | null;
}

export interface LighthouseFigures {
  runsPerPage: number;
  lighthouseVersion: string;
  preset: string;
  /** The default 4x first; with `--slow` the slow setting beside it; per build when two builds are compared. */
  settings: LighthouseSetting[];
  /**
   * The slow setting (null without --slow): the index it stands for, and the multiplier when `--slow=<x>` fixed it
   * (otherwise each load's own: 4 x its benchmark index / 1,500).
   */
  slow: { standsForIndex: number; fixedMultiplier: number | null } | null;
  /** Lighthouse's own measure of this machine's speed (higher is faster), median over every run. */
  benchmarkIndex: number | null;
  /** 1-minute load average when the Lighthouse part started (after the wait below) and ended. */
  loadAverage1m: { atStart: number; atEnd: number };
  /** Seconds waited before the first audit for a quiet CPU, and how busy it was then (0 to 1). */
  quietCpu: { waitedS: number; busy: number };
  /** The audited browsers' nice value (AUDIT_PRIORITY), or null when it could not be raised. */
  browserPriority: number | null;
  durationMs: number;
}

/** What to audit: the build(s) and whether the slow setting runs beside the default. */
export interface LighthouseOptions {
  runs?: number;
  /** true: also audit at the slowdown each load's benchmark index gives for SLOW_END_INDEX; a number: at that. */
  slow?: boolean | number;
  /** Only the pages of these names (the two floors always run). */
  pages?: string[];
  /** A folder to keep every run's Lighthouse JSON and trace in (for long-tasks, bootup-time and the tasks). */
  keepDir?: string;
  log?: (line: string) => void;
}

// Its declaration names Lighthouse's global LH namespace, which the linter's type service does not see.
const computeMedianRun = (medianRun as { computeMedianRun: (runs: Result[]) => Result }).computeMedianRun;

const launched = new Set<chromeLauncher.LaunchedChrome>();

/** Last resort on Ctrl-C: no Chromium of ours is left behind. */
export function killAllLighthouseChromesNow(): void {
  // kill() sends SIGKILL to Chromium's whole process group (chrome-launcher starts it detached).
  for (const chrome of launched) chrome.kill();
  launched.clear();
}

/** The floor page, audited first (its figures are the unit of the others'), then the stack floor. */
export const FLOOR_PAGE = { name: 'floor', path: FLOOR_PATH };
export const STACK_FLOOR_PAGE = { name: 'stack floor', path: STACK_FLOOR_PATH };

/** The pages audited; the athlete popup opens the men's right-hand leader of the demo state. */
export async function lighthousePages(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const res = await fetch(`${baseUrl}/api/v1/leaderboard?sex=M&hand=RH`);
  if (!res.ok) throw new Error(`GET /api/v1/leaderboard answered ${res.status}`);
  const body = (await res.json()) as { ranks?: { RH?: { name: string }[] } };
  const athlete = body.ranks?.RH?.[0]?.name;
  if (!athlete) throw new Error('The demo leaderboard has no right-hand men to open a popup for');
  return [
    { name: 'leaderboards', path: '/#/leaderboards' },
    { name: 'events', path: '/#/events' },
    { name: 'supermatches', path: '/#/supermatches' },
    { name: 'clubs', path: '/#/clubs' },
    { name: 'athlete popup', path: `/#/leaderboards?ath=${encodeURIComponent(athlete)}&div=Men` },
    { name: 'ratings', path: '/#/ratings' },
    { name: 'brackets', path: await largestBracketPath(baseUrl) },
    { name: 'table', path: await tableLinkPath(baseUrl) },
  ];
}

/**
 * The table screen of the demo's running tournament, opened by a table link the head table would hand out: made
 * at run time through the admin API (POST /admin/tournaments/{id}/tables/{n}/link) with an admin's token from a
 * sign-in on the demo's embedded provider, for the table of its first category with a match ready. The audit's
 * fresh profile then opens the link as a new device: it keeps the key, asks who it is and reads the brackets.
 */
export async function tableLinkPath(baseUrl: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl}/api/v1/tournaments`)).json()) as {
    tournaments: { id: number; published: boolean }[];
  };
  const running = list.tournaments.find((t) => !t.published);
  if (!running) throw new Error('The demo state has no running tournament for a table link');
  const t = (await (await fetch(`${baseUrl}/api/v1/tournaments/${running.id}`)).json()) as {
    categories: { table: number | null; matches: { status: string }[] }[];
  };
  const table = t.categories.find((c) => c.table !== null && c.matches.some((m) => m.status === 'ready'))?.table;
  if (!table) throw new Error('The running tournament has no table with a ready match');
  const res = await fetch(`${baseUrl}/api/v1/admin/tournaments/${running.id}/tables/${table}/link`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await adminToken(baseUrl)}` },
  });
  if (res.status !== 201) throw new Error(`POST .../tables/${table}/link answered ${res.status}`);
  const { url } = (await res.json()) as { url: string };
  return `/${new URL(url).hash}`;
}

/**
 * An admin's access token: the demo's embedded sign-in, as a person uses it (tests/support/sign-in.ts). The
 * account is chosen once the provider's page is there: chosen at once, the click could land on the leaderboard's
 * row of the same name while the app was still on its way to the provider (5 of 8 tries here stood on the
 * provider's page for good). Tried a second time in a fresh browser if it stalls anyway: one stalled sign-in
 * should not void a whole run. The error says the page's address.
 */
export async function adminToken(baseUrl: string): Promise<string> {
  try {
    return await signInOnce(baseUrl);
  } catch (err) {
    console.log(`The admin's sign-in stalled (${(err as Error).message.split('\n')[0]}); signing in once more ...`);
    return signInOnce(baseUrl);
  }
}

async function signInOnce(baseUrl: string): Promise<string> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    // The embedded provider's issuer is the server's localhost address: the sign-in starts there.
    await page.goto(`${baseUrl.replace('//127.0.0.1:', '//localhost:')}/`);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /Morgan Vance/ }).click();
    // Generous: the provider's page and the app's return take a while on a busy machine.
    await page
      .getByRole('heading', { name: /Welcome, Morgan Vance/ })
      .waitFor({ timeout: 60_000 })
      .catch((err: Error) => {
        throw new Error(`${err.message.split('\n')[0]} at ${page.url()}`);
      });
    // tsx compiles this file with keepNames: the function sent to the page must not call __name().
    return await page.evaluate(
      `JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')))).access_token`,
    );
  } finally {
    await browser.close();
  }
}

/** The brackets page on the demo's largest category (64 athletes, half-way, in today's tournament). */
async function largestBracketPath(baseUrl: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl}/api/v1/tournaments`)).json()) as { tournaments: { id: number }[] };
  let best = { tournament: 0, category: 0, entries: -1 };
  for (const { id } of list.tournaments) {
    const t = (await (await fetch(`${baseUrl}/api/v1/tournaments/${id}`)).json()) as {
      categories: { id: number; entries: unknown[] }[];
    };
    for (const c of t.categories)
      if (c.entries.length > best.entries) best = { tournament: id, category: c.id, entries: c.entries.length };
  }
  if (best.entries < 0) throw new Error('The demo state has no tournament category to open');
  return `/#/brackets?tournament=${best.tournament}&category=${best.category}`;
}

/**
 * The audited browser's scheduling priority (nice), above other work on the machine. The simulation multiplies
 * every task it saw by the slowdown, so a page's main thread put aside for 10 ms by another process (a test run,
 * a build) is 100 ms of blocking at 10x: a task that was 13 ms in one run of a table page, 10 of them with no
 * trace event at all. -10 when the bench may raise it (root), otherwise the browser runs as it is.
 */
export const AUDIT_PRIORITY = -10;
let priorityRaised: boolean | undefined;

/** Raises every process of the browser's group (chrome-launcher starts it detached: its own group). */
function raisePriority(pid: number): void {
  try {
    const group = execFileSync('ps', ['-eo', 'pid=,pgid='], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
      .filter(([, pgid]) => pgid === pid);
    for (const [member] of group) os.setPriority(member, AUDIT_PRIORITY);
    priorityRaised ??= true;
  } catch {
    priorityRaised = false;
  }
}

/** A Lighthouse run's settings: the mobile default, one change of CPU slowdown at most. */
const flagsAt = (cpuSlowdownMultiplier: number) => ({
  logLevel: 'error' as const,
  onlyCategories: ['performance'],
  // Taken after the load, for the HTML report's pictures only: a few seconds a run saved, no figure changed.
  disableFullPageScreenshot: true,
  // Merged into the default (mobile) settings: only the simulated CPU slowdown changes.
  throttling: { cpuSlowdownMultiplier },
});

/**
 * One load of `url` in a new Chromium with an empty profile, audited at every CPU slowdown `multipliersFor` gives
 * for the benchmark index Lighthouse measured in that browser just before the load. Lighthouse's own gather and
 * audit modes (`-G`/`-A`): with simulated throttling the load itself runs at full speed and the slowdown is only
 * a factor of the simulation, so one load audited twice is two settings of the same moment. The saved artifacts
 * carry the settings they were gathered with, which an audit must repeat: the multiplier is written into them.
 * Resolves with one result per multiplier, in their order.
 */
async function auditOnce(
  url: string,
  tmp: string,
  multipliersFor: (benchmarkIndex: number) => number[],
  keep?: string,
): Promise<Result[]> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found (set CHROME_PATH or apt-get install chromium)');
  const userDataDir = fs.mkdtempSync(path.join(tmp, 'lh-profile-'));
  const gathered = fs.mkdtempSync(path.join(tmp, 'lh-artifacts-'));
  try {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
      userDataDir,
      logLevel: 'silent',
      // Our own signal handler ends the bench and its browsers.
      handleSIGINT: false,
    });
    launched.add(chrome);
    raisePriority(chrome.pid);
    try {
      await lighthouse(url, { ...flagsAt(DEFAULT_CPU_SLOWDOWN), port: chrome.port, gatherMode: gathered });
    } finally {
      launched.delete(chrome);
      const exited = new Promise<void>((resolve) => chrome.process.once('exit', () => resolve()));
      const running = chrome.process.exitCode === null && chrome.process.signalCode === null;
      chrome.kill();
      // Its profile is deleted once nothing writes to it any more.
      if (running) await exited;
    }
    const artifactsFile = path.join(gathered, 'artifacts.json');
    const artifacts = JSON.parse(fs.readFileSync(artifactsFile, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    if (keep)
      for (const f of fs.readdirSync(gathered))
        if (f.endsWith('.trace.json')) fs.copyFileSync(path.join(gathered, f), keep);
    const results: Result[] = [];
    for (const multiplier of multipliersFor(artifacts.BenchmarkIndex)) {
      artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier;
      fs.writeFileSync(artifactsFile, JSON.stringify(artifacts));
      const result = await lighthouse(undefined, { ...flagsAt(multiplier), auditMode: gathered });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const used = result.lhr.configSettings.throttling.cpuSlowdownMultiplier;
      if (used !== multiplier) throw new Error(`Lighthouse audited at ${used}x CPU slowdown, not ${multiplier}x`);
      results.push(result.lhr);
    }
    return results;
  } finally {
    fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    fs.rmSync(gathered, { recursive: true, force: true });
  }
}

const numeric = (lhr: Result, audit: string): number | null => {
  const v = lhr.audits[audit]?.numericValue;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** Transfer size of one row of the resource-summary audit ('script', 'total', ...). */
function transferred(lhr: Result, resourceType: string): number | null {
  const items = (lhr.audits['resource-summary']?.details as { items?: unknown[] } | undefined)?.items ?? [];
  const row = items.find((i) => (i as { resourceType?: string }).resourceType === resourceType) as
    { transferSize?: number } | undefined;
  return typeof row?.transferSize === 'number' ? row.transferSize : null;
}

const runtimeError = (lhr: Result) =>
  lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null;

const loaded = (r: Result) =>
  !r.runtimeError && numeric(r, 'first-contentful-paint') !== null && numeric(r, 'interactive') !== null;

function runFigures(r: Result): LighthouseRunFigures {
  const ok = loaded(r);
  const ms = (audit: string) => {
    const v = ok ? numeric(r, audit) : null;
    return v === null ? null : round(v);
  };
  const cls = ok ? numeric(r, 'cumulative-layout-shift') : null;
  return {
    score: ok ? (r.categories.performance?.score ?? null) : null,
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: cls === null ? null : round(cls, 3),
    speedIndexMs: ms('speed-index'),
    mainThreadMs: ms('mainthread-work-breakdown'),
    benchmarkIndex: Number.isFinite(r.environment.benchmarkIndex) ? round(r.environment.benchmarkIndex) : null,
    cpuSlowdownMultiplier: r.configSettings.throttling.cpuSlowdownMultiplier ?? null,
  };
}

/** The worst of the runs' values (a run that did not load counts as a miss: null). */
function worstOf(values: (number | null)[], pick: (...v: number[]) => number): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return pick(...(values as number[]));
}

function summarizePage(
  page: { name: string; path: string },
  lhrs: Result[],
  failed: string[],
  expected: number,
): LighthousePage {
  const errors = [...failed, ...lhrs.map(runtimeError).filter((e): e is string => e !== null)];
  const valid = lhrs.filter(loaded);
  const best = valid.length ? computeMedianRun(valid) : undefined;
  const runs = lhrs.map(runFigures);
  const at = best ? runs[lhrs.indexOf(best)]! : undefined;
  const mainThread = runs.map((r) => r.mainThreadMs).filter((v): v is number => v !== null);
  // A run that never came (its browser failed twice) is a miss as well.
  const missing = lhrs.length < expected ? [null] : [];
  const { score, fcpMs, lcpMs, tbtMs, cls, speedIndexMs } = at ?? NO_LOAD;
  return {
    ...page,
    score,
    fcpMs,
    lcpMs,
    tbtMs,
    cls,
    speedIndexMs,
    mainThreadMs: mainThread.length ? round(median(mainThread)) : null,
    mainThreadVsFloor: null,
    jsTransferBytes: best ? transferred(best, 'script') : null,
    totalTransferBytes: best ? transferred(best, 'total') : null,
    runs,
    medianRun: best ? lhrs.indexOf(best) : null,
    worst: {
      score: worstOf([...runs.map((r) => r.score), ...missing], Math.min),
      lcpMs: worstOf([...runs.map((r) => r.lcpMs), ...missing], Math.max),
      tbtMs: worstOf([...runs.map((r) => r.tbtMs), ...missing], Math.max),
      cls: worstOf([...runs.map((r) => r.cls), ...missing], Math.max),
    },
    errors,
  };
}

/** One build on its server. */
export interface LighthouseBuild {
  /** A short name for the report ('' for the only build). */
  label: string;
  baseUrl: string;
  /** The folder the build was served from. */
  dist: string;
}

/**
 * One load audited at each multiplier, with up to two more tries: a run whose trace broke (NO_NAVSTART and the like)
 * or whose browser did not start, both seen on a busy machine, says nothing about the page. What went wrong goes to
 * `failed`. (Two broken traces in a row were seen on the leaderboards at a quiet moment: a page with a missing run
 * has no worst run, and fails every target.)
 */
const AUDIT_TRIES = 3;
async function auditWithRetry(
  url: string,
  tmp: string,
  multipliersFor: (benchmarkIndex: number) => number[],
  failed: string[],
  keep?: string,
): Promise<Result[] | undefined> {
  for (let attempt = 1; attempt <= AUDIT_TRIES; attempt++) {
    try {
      // The last audit's Chromium and trace analysis settle first: a busy CPU shows up four times over.
      await waitForQuietCpu(1, 10_000);
      const lhrs = await auditOnce(url, tmp, multipliersFor, keep);
      const broke = lhrs.map(runtimeError).find((e) => e !== null);
      if (broke && attempt < AUDIT_TRIES) {
        failed.push(broke);
        continue;
      }
      return lhrs;
    } catch (err) {
      failed.push(err instanceof Error ? err.message.split('\n')[0]! : String(err));
    }
  }
  return undefined;
}

/** The slowdown that stands for a machine of SLOW_END_INDEX on one of `benchmarkIndex`, to two decimals. */
export const slowMultiplier = (benchmarkIndex: number) =>
  Math.round(((DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / SLOW_END_INDEX) * 100) / 100;

/**
 * Audits every page `runs` times, one page after the other; each load at every setting (see auditOnce). With two
 * builds, a page's runs alternate between them (A, B, A, B, ...), so both see the same moments of the machine,
 * whose speed moves by half within minutes.
 */
export async function lighthouseRun(
  builds: LighthouseBuild[],
  tmp: string,
  options: LighthouseOptions = {},
): Promise<LighthouseFigures> {
  const runs = options.runs ?? LIGHTHOUSE_RUNS;
  const log = options.log ?? console.log;
  const began = performance.now();
  const quietCpu = await waitForQuietCpu(3, 60_000);
  const loadAtStart = os.loadavg()[0] ?? 0;
  let version = 'unknown';
  const fixed = typeof options.slow === 'number' ? options.slow : null;
  const slow = options.slow !== undefined && options.slow !== false;
  const multipliersFor = (index: number) =>
    slow ? [DEFAULT_CPU_SLOWDOWN, fixed ?? slowMultiplier(index)] : [DEFAULT_CPU_SLOWDOWN];
  const settingNames = slow ? ['4x', 'slow'] : ['4x'];
  if (slow)
    log(
      fixed
        ? `  slow setting: ${fixed}x CPU slowdown, as given`
        : `  slow setting: each load also at 4 x its benchmark index / ${SLOW_END_INDEX} (standing for index ${SLOW_END_INDEX})`,
    );

  // Each build's own page list: the table link is made on its own server.
  const pagesOf = new Map<LighthouseBuild, { name: string; path: string }[]>();
  for (const build of builds) {
    const all = [FLOOR_PAGE, STACK_FLOOR_PAGE, ...(await lighthousePages(build.baseUrl))];
    pagesOf.set(
      build,
      all.filter((p, i) => i < 2 || !options.pages?.length || options.pages.includes(p.name)),
    );
  }
  const pageCount = pagesOf.get(builds[0]!)!.length;
  // results[build][setting]: the pages in order.
  const results = builds.map(() => settingNames.map(() => [] as LighthousePage[]));
  if (options.keepDir) fs.mkdirSync(options.keepDir, { recursive: true });

  for (let p = 0; p < pageCount; p++) {
    const lhrs = builds.map(() => settingNames.map(() => [] as Result[]));
    const failed = builds.map(() => [] as string[]);
    for (let i = 0; i < runs; i++) {
      for (const [b, build] of builds.entries()) {
        const page = pagesOf.get(build)![p]!;
        const stem = `${page.name.replace(/\W+/g, '-')}${build.label ? `.${build.label}` : ''}.${i + 1}`;
        const keep = options.keepDir ? path.join(options.keepDir, `${stem}.trace.json`) : undefined;
        const got = await auditWithRetry(build.baseUrl + page.path, tmp, multipliersFor, failed[b]!, keep);
        if (!got) continue;
        for (const [k, lhr] of got.entries()) {
          version = lhr.lighthouseVersion;
          lhrs[b]![k]!.push(lhr);
          if (options.keepDir)
            fs.writeFileSync(path.join(options.keepDir, `${stem}.${settingNames[k]}.json`), JSON.stringify(lhr));
        }
      }
    }
    const line: string[] = [];
    for (const [b, build] of builds.entries()) {
      for (const [k, setting] of settingNames.entries()) {
        const summary = summarizePage(pagesOf.get(build)![p]!, lhrs[b]![k]!, k === 0 ? failed[b]! : [], runs);
        results[b]![k]!.push(summary);
        line.push(
          `${[build.label, setting].filter(Boolean).join(' ')} score ${summary.runs.map((r) => r.score ?? '-').join('/')}, ` +
            `TBT ${summary.runs.map((r) => (r.tbtMs === null ? '-' : Math.round(r.tbtMs))).join('/')} ms` +
            (summary.errors.length ? ` (${summary.errors.join('; ')})` : ''),
        );
      }
    }
    log(`  ${pagesOf.get(builds[0]!)![p]!.name}: ${line.join('; ')}`);
  }

  const settings = builds.flatMap((build, b) =>
    settingNames.map((setting, k): LighthouseSetting => {
      const [floor, stackFloor, ...pages] = results[b]![k]!;
      const unit = floor?.mainThreadMs;
      for (const page of [stackFloor, ...pages]) {
        if (!page) continue;
        page.mainThreadVsFloor = unit && page.mainThreadMs !== null ? round(page.mainThreadMs / unit, 2) : null;
      }
      const all = results[b]![k]!.flatMap((page) => page.runs);
      const indexes = all.map((r) => r.benchmarkIndex).filter((x): x is number => x !== null);
      const multipliers = all.map((r) => r.cpuSlowdownMultiplier).filter((x): x is number => x !== null);
      const stoodFor = all
        .filter((r) => r.benchmarkIndex !== null && r.cpuSlowdownMultiplier)
        .map((r) => (r.benchmarkIndex! * DEFAULT_CPU_SLOWDOWN) / r.cpuSlowdownMultiplier!);
      return {
        name: [build.label, setting].filter(Boolean).join(' '),
        build: build.dist,
        cpuSlowdownMultiplier: multipliers.length ? round(median(multipliers), 2) : null,
        cpuSlowdownMultiplierRange: multipliers.length ? [Math.min(...multipliers), Math.max(...multipliers)] : null,
        standsForIndex: stoodFor.length ? round(median(stoodFor), 0) : null,
        pages,
        floor: floor ?? null,
        stackFloor: stackFloor ?? null,
        benchmarkIndex: indexes.length ? round(median(indexes)) : null,
      };
    }),
  );
  // Every load counted once: the first setting's runs.
  const indexes = settings
    .filter((_, k) => k % settingNames.length === 0)
    .flatMap((s) => [s.floor, s.stackFloor, ...s.pages].flatMap((page) => page?.runs ?? []))
    .map((r) => r.benchmarkIndex)
    .filter((x): x is number => x !== null);
  return {
    runsPerPage: runs,
    lighthouseVersion: version,
    preset: 'mobile (default config, simulated throttling), performance only',
    settings,
    slow: slow ? { standsForIndex: SLOW_END_INDEX, fixedMultiplier: fixed } : null,
    benchmarkIndex: indexes.length ? round(median(indexes)) : null,
    loadAverage1m: { atStart: round(loadAtStart, 2), atEnd: round(os.loadavg()[0] ?? 0, 2) },
    quietCpu,
    browserPriority: priorityRaised ? AUDIT_PRIORITY : null,
    durationMs: Math.round(performance.now() - began),
  };
}
