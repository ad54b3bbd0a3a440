import type { Browser, BrowserContext, Page } from '@playwright/test';
import { persistedQueryKeys, waitForWorker } from '../../tests/support/worker.ts';
import { installProbe, type ProbeWindow } from './screen.ts';
import { median, round } from './util.ts';

/**
 * Warm start: a second visit should draw the first rows from the query cache
 * the first visit saved in IndexedDB, without waiting for the network. Each run
 * is one fresh browser context with the service worker allowed, as a phone
 * that opened the app once:
 *  1. first visit to #/leaderboards; wait until the rows show, the worker
 *     controls the page and the leaderboard is saved in the persisted cache;
 *  2. a new page in the same context: time to the first Men row (warm online);
 *  3. the context offline (and every request to the server refused, since the
 *     offline switch does not reach the worker's own fetches), a new page:
 *     time to the first Men row (warm offline).
 * Times are taken inside the page with the screen bench's probe
 * (performance.now(), 0 = navigation start).
 */
export const WARM_RUNS = 5;

export interface WarmRun {
  firstVisitMs: number;
  onlineMs: number;
  offlineMs: number;
  /** When the Men leaderboard's API answer reached the warm online page (resource timing); null: it never did. */
  onlineApiResponseEndMs: number | null;
  /** Whether the warm online page showed its first row before that answer arrived. */
  rowsBeforeNetwork: boolean;
}

export interface WarmFigures {
  runs: WarmRun[];
  /** Runs that broke (a wait that timed out), with what broke; the medians are over the others. */
  errors: string[];
  /** Medians; null when no run completed. */
  firstVisitMs: number | null;
  onlineMs: number | null;
  offlineMs: number | null;
  /** Median offline ÷ median online. */
  offlineVsOnline: number | null;
  /** In how many runs the warm online rows came before the leaderboard's network answer. */
  rowsBeforeNetworkRuns: number;
  durationMs: number;
}

const LEADERBOARDS = '/#/leaderboards';
const MEN_KEY = JSON.stringify(['leaderboard', 'M']);

/** Opens the leaderboards in a new page of the context and returns the time to the first Men row. */
async function visit(context: BrowserContext, baseUrl: string): Promise<{ page: Page; firstRowMs: number }> {
  const page = await context.newPage();
  await page.goto(baseUrl + LEADERBOARDS, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as ProbeWindow).__bench?.firstRowAt !== undefined, null, {
    timeout: 30_000,
  });
  const firstRowMs = await page.evaluate(() => (window as unknown as ProbeWindow).__bench.firstRowAt!);
  return { page, firstRowMs };
}

/** Waits until the persisted query cache holds the men's leaderboard (the app saves it a moment after it changes). */
async function waitForPersistedLeaderboard(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const keys = await persistedQueryKeys(page);
    if (keys.includes(MEN_KEY)) return;
    if (Date.now() > deadline) {
      throw new Error(
        `The men's leaderboard was not saved in IndexedDB within ${timeoutMs / 1000} s (saved: ${keys.join(' ') || 'nothing'})`,
      );
    }
    await page.waitForTimeout(100);
  }
}

/** When the Men leaderboard's API answer arrived; waits for it a while, since warm rows may come first. */
async function apiResponseEnd(page: Page): Promise<number | null> {
  const find = () =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
      (e) => e.name.includes('/api/v1/leaderboard') && e.name.includes('sex=M') && e.responseEnd > 0,
    )?.responseEnd ?? null;
  try {
    await page.waitForFunction(find, null, { timeout: 15_000 });
  } catch {
    return null;
  }
  return page.evaluate(find);
}

export async function warmRun(browser: Browser, baseUrl: string): Promise<WarmRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  try {
    // tsx compiles this file with keepNames: the functions sent to the page call __name().
    await context.addInitScript('globalThis.__name ??= (fn) => fn;');
    await context.addInitScript(installProbe);

    const first = await visit(context, baseUrl);
    await waitForWorker(first.page);
    await waitForPersistedLeaderboard(first.page);
    await first.page.close();

    const online = await visit(context, baseUrl);
    const onlineApiResponseEndMs = await apiResponseEnd(online.page);
    await online.page.close();

    await context.setOffline(true);
    // The offline switch does not reach the service worker: refuse its requests too.
    await context.route(`${baseUrl}/**`, (route) => route.abort('internetdisconnected'));
    const offline = await visit(context, baseUrl);
    await offline.page.close();

    return {
      firstVisitMs: first.firstRowMs,
      onlineMs: online.firstRowMs,
      offlineMs: offline.firstRowMs,
      onlineApiResponseEndMs,
      rowsBeforeNetwork: onlineApiResponseEndMs === null || online.firstRowMs < onlineApiResponseEndMs,
    };
  } finally {
    await context.close();
  }
}

/** `count` runs one after the other; a run that breaks is reported, not fatal, as a missed target would be. */
export async function warmRuns(browser: Browser, baseUrl: string, count = WARM_RUNS): Promise<WarmFigures> {
  const began = performance.now();
  const runs: WarmRun[] = [];
  const errors: string[] = [];
  for (let i = 0; i < count; i++) {
    try {
      runs.push(await warmRun(browser, baseUrl));
    } catch (err) {
      errors.push(`run ${i + 1}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      console.warn(`  warm start run ${i + 1} broke: ${errors.at(-1)}`);
    }
  }
  return summarizeWarm(runs, errors, performance.now() - began);
}

function summarizeWarm(runs: WarmRun[], errors: string[], durationMs: number): WarmFigures {
  const mid = (pick: (r: WarmRun) => number) => (runs.length ? round(median(runs.map(pick))) : null);
  const onlineMs = mid((r) => r.onlineMs);
  const offlineMs = mid((r) => r.offlineMs);
  return {
    runs: runs.map((r) => ({
      ...r,
      firstVisitMs: round(r.firstVisitMs),
      onlineMs: round(r.onlineMs),
      offlineMs: round(r.offlineMs),
      onlineApiResponseEndMs: r.onlineApiResponseEndMs === null ? null : round(r.onlineApiResponseEndMs),
    })),
    errors,
    firstVisitMs: mid((r) => r.firstVisitMs),
    onlineMs,
    offlineMs,
    offlineVsOnline: onlineMs !== null && offlineMs !== null ? round(offlineMs / onlineMs, 3) : null,
    rowsBeforeNetworkRuns: runs.filter((r) => r.rowsBeforeNetwork).length,
    durationMs: Math.round(durationMs),
  };
}
