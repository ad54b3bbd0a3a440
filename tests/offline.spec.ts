import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { persistedQueryKeys, waitForAssetsKept, waitForWorker } from './support/worker.ts';

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
  chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });

/** An organizer imports a bracket of two newcomers on the server (the men's board grows by two). */
function importNewcomers(event: string, names = ['Newcomer Quillon', 'Newcomer Brasket']) {
  const csv = path.join(server.dataDir, `${event}.csv`);
  const today = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(
    csv,
    [
      'type,date,event,hand,athlete,sex,division,weight_class,place',
      `placement,${today},${event},RH,${names[0]},M,am,198,1`,
      `placement,${today},${event},RH,${names[1]},M,am,198,2`,
    ].join('\n'),
  );
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', csv], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    stdio: 'pipe',
  });
}

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
  await expect(
    page.getByRole('region', { name: 'Men', exact: true }).getByRole('button', { name, exact: true }).first(),
  ).toBeVisible();
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

test('when the worker revalidates and the leaderboard changed on the server, the open page shows the new one', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await waitForWorker(page);
  await page.reload();
  const men = page.getByRole('region', { name: 'Men', exact: true });
  const showAll = men.getByRole('button', { name: /^Show all \d+$/ });
  const before = Number((await showAll.textContent())!.replace(/\D/g, ''));

  // New results arrive on the server (an organizer imports a bracket with a newcomer).
  importNewcomers('Revalidation Open');

  // Any read through the worker answers from its cache at once and revalidates behind it;
  // the changed answer makes the page refresh its leaderboard.
  const read = page.waitForResponse((r) => r.url().includes('/api/v1/leaderboard?sex=M'));
  await page.evaluate(() => fetch('/api/v1/leaderboard?sex=M&t=2'));
  expect((await read).fromServiceWorker()).toBe(true);
  await expect(men.getByRole('button', { name: `Show all ${before + 2}` })).toBeVisible();
  await context.close();
});

test('a reload moments after a visit, also one the worker answers from its cache on a slow phone, shows what the server has now', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(server.url);
  const men = page.getByRole('region', { name: 'Men', exact: true });
  const showAll = men.getByRole('button', { name: /^Show all \d+$/ });
  const before = Number((await showAll.textContent())!.replace(/\D/g, ''));
  await expect.poll(() => persistedQueryKeys(page)).toContain('["leaderboard","M"]');

  // Well within the boards' minute of freshness, the server's data changes and the page is reloaded:
  // the saved board may show first, but the server is asked and its answer replaces it.
  importNewcomers('Reload Open');
  await page.reload();
  await expect(men.getByRole('button', { name: `Show all ${before + 2}` })).toBeVisible();

  // A returning visitor: the worker now controls the page and answers the boards from its cache at once,
  // then says the server's answer changed, often before the first rows are up. The page must hear it.
  await waitForWorker(page);
  await page.reload();
  await expect(men.getByRole('button', { name: `Show all ${before + 2}` })).toBeVisible();
  await expect.poll(() => persistedQueryKeys(page)).toContain('["leaderboard","M"]');
  importNewcomers('Returning Open', ['Newcomer Ostrander', 'Newcomer Pelham']);
  // A slow phone: the page's own start takes longer than the worker's look at the server.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.reload();
  await expect(men.getByRole('button', { name: `Show all ${before + 4}` })).toBeVisible();
});

test('a card closed and a screen left stay in the saved cache, so they still open offline later', async ({ page }) => {
  test.setTimeout(90_000);
  const men = (await (await fetch(`${server.url}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
  const name = men.ranks.RH[0]!.name;
  await page.goto(`${server.url}/#/leaderboards?ath=${encodeURIComponent(name)}&div=Men`);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect.poll(() => persistedQueryKeys(page)).toContain(`["athlete","${name}"]`);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Events', exact: true }).first().click();
  // The events list saved means the cache was written after the card and the boards left the screen.
  await expect.poll(() => persistedQueryKeys(page)).toContain('["events"]');
  expect(await persistedQueryKeys(page)).toEqual(
    expect.arrayContaining([`["athlete","${name}"]`, '["leaderboard","M"]', '["leaderboard","F"]']),
  );
});

test("the home screen's featured supermatch keeps its faces offline after a first visit", async ({ page }) => {
  test.setTimeout(90_000);
  // The card stands still (with reduced motion it does not rotate): the next cards' faces, asked for once the
  // worker is in charge, would pass through it and hide whether the first card's were kept.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}/#/leaderboards`);
  const faces = page.getByRole('region', { name: 'Featured supermatch' }).locator('img');
  const allShown = () =>
    faces.evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0));
  await expect.poll(allShown).toBe(true);
  await waitForWorker(page);
  // No second load online: the faces came before the worker took charge, and it keeps them on the page's word.
  await waitForAssetsKept(page);

  await server.kill();
  await page.reload();
  await expect(faces.first()).toBeAttached();
  await expect.poll(allShown).toBe(true);
});
