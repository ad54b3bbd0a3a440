import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { persistedQueryKeys, waitForWorker } from './support/worker.ts';

/**
 * Offline-first, as a person at a gym with no signal meets it: everything seen
 * once opens again with the server gone, also after the browser was closed.
 * The server is really stopped (Playwright's offline switch does not reach the
 * service worker).
 */
let server: OwnServer;
let profile: string;
test.beforeEach(async () => {
  server = await ownServer();
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-profile-'));
});
test.afterEach(async () => {
  await server.dispose();
  fs.rmSync(profile, { recursive: true, force: true });
});

const launch = (): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } });

test('after one online visit the leaderboards and an athlete card open with the server stopped, also after a relaunch', async () => {
  test.setTimeout(90_000);
  const men = (await (await fetch(`${server.url}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
  const name = men.ranks.RH[0]!.name;
  const popupUrl = `${server.url}/#/leaderboards?ath=${encodeURIComponent(name)}&div=Men`;

  let context = await launch();
  let page = context.pages()[0] ?? (await context.newPage());
  await page.goto(popupUrl);
  await waitForWorker(page);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page.getByRole('dialog').locator('svg[role="img"]')).toBeVisible();
  // The page was not controlled during its first load: load once more so the worker keeps the API answers too.
  await page.reload();
  await expect(page.getByRole('dialog').locator('svg[role="img"]')).toBeVisible();
  await expect
    .poll(() => persistedQueryKeys(page))
    .toEqual(expect.arrayContaining(['["leaderboard","M"]', '["leaderboard","F"]', `["athlete","${name}"]`]));

  await server.kill();
  const navigation = await page.reload();
  expect(navigation?.fromServiceWorker()).toBe(true);
  // A read of the API now is answered by the worker from what it kept, not by the (dead) server.
  const read = page.waitForResponse((r) => r.url().includes('/api/v1/leaderboard?sex=F'));
  expect(await page.evaluate(async () => (await fetch('/api/v1/leaderboard?sex=F&t=1')).status)).toBe(200);
  expect((await read).fromServiceWorker()).toBe(true);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Rank overall').first()).toBeVisible();
  await expect(page.getByText(/^Offline: showing data from /)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Men', exact: true }).locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'Men', exact: true }).getByRole('button', { name, exact: true }).first()).toBeVisible();
  await expect(page.getByText('UNDER CONSTRUCTION — Some features are unavailable at the moment.')).toHaveCount(0);
  await context.close();

  // The browser closed and opened again, the server still down.
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(popupUrl);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page.getByRole('dialog').locator('svg[role="img"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Women', exact: true }).locator('tbody tr')).toHaveCount(10);
  await context.close();
});
