import path from 'node:path';
import { firstScreenOf, precacheUrls, readManifest } from '../scripts/check-bundle-size.ts';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { CACHE_NAMES } from '../src/shared/storage-names.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer } from './support/own-server.ts';
import { BASE_URL } from './support/ports.ts';
import { persistedQueryKeys, waitForWorker } from './support/worker.ts';

/**
 * What a phone downloads first, as the browser sees it. `npm run check:size` counts the first-screen
 * JavaScript from the built files; this test holds it to the truth: the scripts fetched before the first
 * leaderboard row are exactly those, so a lazy chunk pulled in at start fails here, named. And the chunks the
 * precache leaves out still open offline once used.
 */
const dist = path.resolve(process.env.STATIC_DIR ?? 'dist');

declare global {
  interface Window {
    /** performance.now() when the Men board's first row got its text (set by the init script below). */
    __firstRowAt?: number;
  }
}

/**
 * Notes the moment the first row of the Men board has text, in the same task as the render that put it there:
 * a mutation observer's callback runs before any effect of that render can start a fetch, so what was fetched
 * before is what the row needed, and a chunk an effect loads right after it is not counted against it.
 */
function watchFirstRow() {
  const firstRow = () => {
    for (const section of document.querySelectorAll('section[aria-labelledby]')) {
      const title = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
      if (title?.textContent?.trim() !== 'Men') continue;
      if (section.querySelector('tbody tr')?.textContent?.trim()) return true;
    }
    return false;
  };
  new MutationObserver((_, observer) => {
    if (window.__firstRowAt === undefined && firstRow()) {
      window.__firstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

test('the scripts fetched before the first leaderboard row are exactly what npm run check:size counts', async ({
  browser,
}) => {
  const expected = firstScreenOf(dist).sort();
  // A first visit with nothing cached and no service worker: what comes is what the network brings.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(watchFirstRow);
  // Every script asked for, from the moment it is asked for (a response event could still be on its way when
  // the row shows), each with the promise of its whole answer. A chunk asked for after the row may still be
  // on its way when the context closes: its answer is not needed, and its failure is not the test's.
  const scripts = new Map<string, Promise<unknown>>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== 'script' || url.origin !== new URL(BASE_URL).origin) return;
    scripts.set(
      url.pathname.replace(/^\//, ''),
      request
        .response()
        .then((response) => response?.finished())
        .catch(() => undefined),
    );
  });

  await page.goto('/#/leaderboards');
  const men = page.getByRole('region', { name: 'Men', exact: true });
  await expect(men.locator('tbody tr').first()).toHaveText(/\S/);
  const firstRowAt = await page.evaluate(() => window.__firstRowAt);
  expect(firstRowAt, 'the first row was seen appearing').toBeDefined();

  // A chunk asked for before the row may still be on its way: wait for every answer, then read when each was
  // asked for on the page's own clock.
  await Promise.all(scripts.values());
  const started = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname.replace(/^\//, ''), startTime: e.startTime })),
  );
  // Every script asked for before the row was awaited above, so each has its entry; one without an entry was
  // asked for while we waited, after the row (on a busy machine, the chunks that wait for the first content).
  const startOf = (file: string) => started.find((e) => e.path === file)?.startTime ?? Infinity;
  const beforeRow = [...scripts.keys()].filter((file) => startOf(file) <= firstRowAt!).sort();

  const extra = beforeRow.filter((f) => !expected.includes(f));
  const missing = expected.filter((f) => !beforeRow.includes(f));
  expect(
    { 'fetched before the first row but not counted by check:size': extra, 'counted but not fetched': missing },
    `scripts before the first row: ${beforeRow.join(', ')}`,
  ).toEqual({ 'fetched before the first row but not counted by check:size': [], 'counted but not fetched': [] });
  await context.close();
});

test('the chart, left out of the precache, opens offline once it was seen online', async ({ browser }) => {
  test.setTimeout(120_000);
  const chart = readManifest(dist)['src/app/features/athletes/SkillChart.tsx']?.file;
  expect(chart, 'the chart is a chunk of its own').toBeDefined();
  expect(precacheUrls(dist), 'the chart is not precached').not.toContain(chart);

  const server = await ownServer();
  try {
    const men = (await (await fetch(`${server.url}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
    const name = men.ranks.RH[0]!.name;
    const context = await browser.newContext();
    const page = await context.newPage();
    const chartFromWorker: boolean[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === `/${chart}`) chartFromWorker.push(r.fromServiceWorker());
    });

    // The worker takes charge of the page before the chart is first opened: that first use keeps it.
    await page.goto(`${server.url}/#/leaderboards`);
    await waitForWorker(page);
    await page.goto(`${server.url}/#/leaderboards?ath=${encodeURIComponent(name)}&div=Men`);
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.locator('svg[role="img"]')).toBeVisible();
    expect(chartFromWorker, 'the chart came through the worker').toEqual([true]);
    await expect
      .poll(() =>
        page.evaluate(
          async (cacheName) => (await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname),
          CACHE_NAMES.lazyAssets,
        ),
      )
      .toContain(`/${chart}`);
    await expect.poll(() => persistedQueryKeys(page)).toContain(`["athlete","${name}"]`);

    await server.kill();
    chartFromWorker.length = 0;
    await page.reload();
    await expect(page.getByText(/^Offline: showing data from /)).toBeVisible();
    await expect(dialog.locator('svg[role="img"]')).toBeVisible();
    expect(chartFromWorker, 'the chart came from the worker with the server down').toEqual([true]);
    await context.close();
  } finally {
    await server.dispose();
  }
});
