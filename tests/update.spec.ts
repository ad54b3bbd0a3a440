import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { formPanel } from './support/form-panel.ts';

/**
 * A new version reaches an open page as a person meets it: the app comes back
 * to the foreground, looks for an update, finds one and says so, and waits for
 * the Reload button; nothing reloads by itself while someone is typing. The
 * 'new build' is the served sw.js with different bytes (its precache list is
 * the same, so nothing else changes), served by a restarted server, which
 * reads its files at start.
 */
const PROMPT = 'A new version is available';

/**
 * The page is run by an activated worker. (A synchronous check on purpose:
 * waitForFunction does not await a returned promise, which is truthy.)
 */
const waitForControl = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 20_000 });

let server: OwnServer;
test.beforeEach(async () => {
  server = await ownServer({ copyStatic: true });
});
test.afterEach(async () => {
  await server.dispose();
});

async function publishNewBuild() {
  fs.appendFileSync(path.join(server.staticDir, 'sw.js'), `\n// new build ${Date.now()}\n`);
  await server.kill();
  await server.start();
}

/** What the browser does when the app is brought back: the tab becomes visible again. */
async function backToForeground(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Notes in sessionStorage (it outlives a reload) whether the worker that takes over is the one that was waiting. */
async function watchTakeover(page: Page) {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const next = reg?.waiting ?? null;
    if (!next) throw new Error('no waiting worker');
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      sessionStorage.setItem('test:took-over', String(navigator.serviceWorker.controller === next));
    });
  });
}

const workerState = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return {
      active: reg?.active ? new URL(reg.active.scriptURL).pathname : null,
      activeState: reg?.active?.state ?? null,
      waiting: reg?.waiting ? reg.waiting.state : null,
      installing: reg?.installing ? reg.installing.state : null,
      controlled: navigator.serviceWorker.controller !== null,
      tookOver: sessionStorage.getItem('test:took-over'),
    };
  });

const marker = (page: Page) => page.evaluate(() => (window as { testMarker?: string }).testMarker ?? null);

test('a new build served: the page offers it, waits for Reload, then runs the new worker', async ({ page }) => {
  test.setTimeout(60_000);
  // A first visit: the page was not controlled when it registered the worker.
  await page.goto(`${server.url}/#/leaderboards`);
  await waitForControl(page);
  await page.evaluate(() => ((window as { testMarker?: string }).testMarker = 'still here'));
  const prompt = page.getByRole('status').filter({ hasText: PROMPT });
  await expect(prompt).toHaveCount(0);

  await publishNewBuild();
  await backToForeground(page);

  await expect(prompt).toBeVisible({ timeout: 15_000 });
  const reload = prompt.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();
  expect(await workerState(page)).toMatchObject({ active: '/sw.js', waiting: 'installed', controlled: true });
  // Offered, not forced: the page did not reload and the new worker still waits for the page's word.
  expect(await marker(page)).toBe('still here');
  expect(await workerState(page)).toMatchObject({ waiting: 'installed', controlled: true });
  expect(await marker(page)).toBe('still here');
  await expect(prompt).toBeVisible();

  await watchTakeover(page);
  const loaded = page.waitForEvent('load');
  await reload.click();
  await loaded;

  await expect.poll(() => marker(page)).toBeNull();
  await expect
    .poll(() => workerState(page))
    .toEqual({
      active: '/sw.js',
      activeState: 'activated',
      waiting: null,
      installing: null,
      controlled: true,
      tookOver: 'true',
    });
  await expect(page.getByRole('region', { name: 'Men', exact: true }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(PROMPT)).toHaveCount(0);
});

test('the prompt leaves what is being typed alone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.url}/`);
  await waitForControl(page);
  // A returning visit: this time the page is controlled when it registers the worker.
  await page.reload();
  await waitForControl(page);
  const location = (await formPanel(page, 'Submit Supermatch Result')).getByLabel('Location', { exact: true });
  await location.fill('Iron Grip Gym, back room');
  await page.evaluate(() => ((window as { testMarker?: string }).testMarker = 'typing'));

  await publishNewBuild();
  // The other way back to the app: the window gets focus again.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));

  const prompt = page.getByRole('status').filter({ hasText: PROMPT });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
  // Nothing took over: the new worker still waits, so the page was not reloaded under the typing.
  expect(await workerState(page)).toMatchObject({ waiting: 'installed' });
  expect(await marker(page)).toBe('typing');
  await expect(location).toHaveValue('Iron Grip Gym, back room');
  expect(await axeViolations(page)).toEqual([]);

  const loaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await loaded;
  await expect.poll(() => marker(page)).toBeNull();
  await expect(page.getByText(PROMPT)).toHaveCount(0);
});
