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
 * The figures of a page are those of its median run as Lighthouse picks it
 * (the run closest to the median first paint and time to interactive), so
 * they all come from one real load.
 */
export const LIGHTHOUSE_RUNS = 3;

export interface LighthousePage {
  name: string;
  /** Path and hash on the server, e.g. `/#/events`. */
  path: string;
  /** The median run's figures; null when no run loaded the page. */
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  /**
   * Lighthouse's main-thread work (mainthread-work-breakdown, simulated 4x CPU), ms: the median over the page's
   * runs, not the median run's. The median run is picked by its first paint and time to interactive, and a ratio
   * of two single runs moved by a third from one bench run to the next with the floor's own noise.
   */
  mainThreadMs: number | null;
  /** `mainThreadMs` as a multiple of the floor page's in the same run: comparable across moments and machines. */
  mainThreadVsFloor: number | null;
  /** Bytes on the wire (headers included) of the scripts, and of every request. */
  jsTransferBytes: number | null;
  totalTransferBytes: number | null;
  /** Every run's score, in the order run, and which one is the median run (0-based). */
  runScores: (number | null)[];
  medianRun: number | null;
  benchmarkIndexes: number[];
  /** What Lighthouse said went wrong in a run, if anything. */
  errors: string[];
}

export interface LighthouseFigures {
  runsPerPage: number;
  lighthouseVersion: string;
  preset: string;
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
  /** Lighthouse's own measure of this machine's speed (higher is faster), median over every run. */
  benchmarkIndex: number | null;
  /** 1-minute load average when the Lighthouse part started (after the wait below) and ended. */
  loadAverage1m: { atStart: number; atEnd: number };
  /** Seconds waited before the first audit for a quiet CPU, and how busy it was then (0 to 1). */
  quietCpu: { waitedS: number; busy: number };
  durationMs: number;
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
async function adminToken(baseUrl: string): Promise<string> {
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

async function auditOnce(url: string, tmp: string): Promise<Result> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found (set CHROME_PATH or apt-get install chromium)');
  const userDataDir = fs.mkdtempSync(path.join(tmp, 'lh-profile-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    userDataDir,
    logLevel: 'silent',
    // Our own signal handler ends the bench and its browsers.
    handleSIGINT: false,
  });
  launched.add(chrome);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Taken after the load, for the HTML report's pictures only: a few seconds a run saved, no figure changed.
      disableFullPageScreenshot: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    launched.delete(chrome);
    const exited = new Promise<void>((resolve) => chrome.process.once('exit', () => resolve()));
    const running = chrome.process.exitCode === null && chrome.process.signalCode === null;
    chrome.kill();
    // Its profile is deleted once nothing writes to it any more.
    if (running) await exited;
    fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
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

function summarizePage(page: { name: string; path: string }, runs: Result[], failed: string[]): LighthousePage {
  const errors = [...failed, ...runs.map(runtimeError).filter((e): e is string => e !== null)];
  const valid = runs.filter(
    (r) => !r.runtimeError && numeric(r, 'first-contentful-paint') !== null && numeric(r, 'interactive') !== null,
  );
  const best = valid.length ? computeMedianRun(valid) : undefined;
  const mainThread = valid.map((r) => numeric(r, 'mainthread-work-breakdown')).filter((v): v is number => v !== null);
  const ms = (audit: string) => {
    const v = best ? numeric(best, audit) : null;
    return v === null ? null : round(v);
  };
  return {
    ...page,
    score: best?.categories.performance?.score ?? null,
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: best ? round(numeric(best, 'cumulative-layout-shift') ?? NaN, 3) : null,
    speedIndexMs: ms('speed-index'),
    mainThreadMs: mainThread.length ? round(median(mainThread)) : null,
    mainThreadVsFloor: null,
    jsTransferBytes: best ? transferred(best, 'script') : null,
    totalTransferBytes: best ? transferred(best, 'total') : null,
    runScores: runs.map((r) => r.categories.performance?.score ?? null),
    medianRun: best ? runs.indexOf(best) : null,
    benchmarkIndexes: runs.map((r) => r.environment.benchmarkIndex),
    errors,
  };
}

/** Audits every page LIGHTHOUSE_RUNS times, one page after the other. */
export async function lighthouseRun(
  baseUrl: string,
  tmp: string,
  runs = LIGHTHOUSE_RUNS,
  log: (line: string) => void = console.log,
): Promise<LighthouseFigures> {
  const began = performance.now();
  const quietCpu = await waitForQuietCpu(3, 60_000);
  const loadAtStart = os.loadavg()[0] ?? 0;
  const pages = [FLOOR_PAGE, STACK_FLOOR_PAGE, ...(await lighthousePages(baseUrl))];
  const results: LighthousePage[] = [];
  let version = 'unknown';
  for (const page of pages) {
    const lhrs: Result[] = [];
    const failed: string[] = [];
    for (let i = 0; i < runs; i++) {
      // A run whose trace broke (NO_NAVSTART and the like) or whose browser did not start, both seen on a busy
      // machine, says nothing about the page: it gets one more try, and what went wrong is reported.
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          // The last audit's Chromium and trace analysis settle first: a busy CPU shows up four times over.
          await waitForQuietCpu(1, 10_000);
          const lhr = await auditOnce(baseUrl + page.path, tmp);
          version = lhr.lighthouseVersion;
          if (lhr.runtimeError && attempt === 1) {
            failed.push(runtimeError(lhr)!);
            continue;
          }
          lhrs.push(lhr);
          break;
        } catch (err) {
          failed.push(err instanceof Error ? err.message.split('\n')[0]! : String(err));
        }
      }
    }
    const summary = summarizePage(page, lhrs, failed);
    results.push(summary);
    log(
      `  ${page.name}: score ${summary.score ?? '-'} (runs ${summary.runScores.map((s) => s ?? '-').join(', ')})` +
        (summary.errors.length ? `; ${summary.errors.join('; ')}` : ''),
    );
  }
  const indexes = results.flatMap((p) => p.benchmarkIndexes).filter((v) => Number.isFinite(v));
  const [floor, stackFloor, ...appPages] = results;
  const unit = floor?.mainThreadMs;
  for (const p of [stackFloor, ...appPages]) {
    if (!p) continue;
    p.mainThreadVsFloor = unit && p.mainThreadMs !== null ? round(p.mainThreadMs / unit, 2) : null;
  }
  return {
    runsPerPage: runs,
    lighthouseVersion: version,
    preset: 'mobile (default config, simulated throttling), performance only',
    pages: appPages,
    floor: floor ?? null,
    stackFloor: stackFloor ?? null,
    benchmarkIndex: indexes.length ? round(median(indexes)) : null,
    loadAverage1m: { atStart: round(loadAtStart, 2), atEnd: round(os.loadavg()[0] ?? 0, 2) },
    quietCpu,
    durationMs: Math.round(performance.now() - began),
  };
}
