import type { APIRequestContext, Page } from '@playwright/test';
import type { Calibration } from '../src/shared/answers/calibration.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { leaderboard } from './support/leaderboard.ts';
import { ownServer } from './support/own-server.ts';
import { waitForAssetsKept, waitForWorker } from './support/worker.ts';

/**
 * 'How the rankings work' (#/ratings): reached from the leaderboards and from the athlete popup; its calibration
 * chart and table say what the API says; axe finds nothing; a phone shows it whole; seen once, it opens offline.
 */

const TITLE = 'How the rankings work';
const CHART = /^Calibration chart/;
const TABLE = 'The favourite’s chance and how often they won';

/** The API's answer (`base`: another server than the shared one). */
async function calibration(request: APIRequestContext, base = ''): Promise<Calibration> {
  const res = await request.get(`${base}/api/v1/ratings/calibration`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Calibration;
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
const range = (b: { from: number; to: number }) => `${Math.round(b.from * 100)}-${Math.round(b.to * 100)}%`;

/** What a person sees of the calibration equals the API's answer: the summary, a point and a row per bucket. */
async function expectCalibrationShown(page: Page, c: Calibration) {
  const section = page.getByRole('region', { name: 'How well it predicts' });
  await expect(section.getByText(`${c.n.toLocaleString('en-US')} results scored from`)).toBeVisible();
  await expect(section.getByText(`the favourite won ${pct(c.accuracy!)} of them`)).toBeVisible();
  // The chart loads as the reader scrolls towards it.
  await section.locator('figure').scrollIntoViewIfNeeded();
  const chart = section.getByRole('img', { name: CHART });
  await expect(chart).toBeVisible();
  const filled = c.buckets.filter((b) => b.n > 0);
  await expect(chart.locator('circle')).toHaveCount(filled.length);

  const table = section.getByRole('table', { name: TABLE });
  await expect(table.getByRole('columnheader')).toHaveText(['Favourite’s chance', 'Matches', 'Given (mean)', 'Won']);
  await expect(table.getByRole('row')).toHaveCount(1 + c.buckets.length);
  for (const b of c.buckets) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: range(b), exact: true }) });
    await expect(row.getByRole('cell')).toHaveText([
      b.n.toLocaleString('en-US'),
      b.predicted === null ? '—' : pct(b.predicted),
      b.observed === null ? '—' : pct(b.observed),
    ]);
  }
  for (const b of filled) {
    await expect(
      section.getByText(
        `When the favourite was given ${range(b)}, they won ${pct(b.observed!)} of ${b.n.toLocaleString('en-US')} match`,
      ),
    ).toBeVisible();
  }
}

test('the leaderboards link to the page; its chart and table show the API’s calibration; axe finds nothing', async ({
  page,
  request,
}) => {
  const c = await calibration(request);
  expect(c.n, 'the demo data has enough scored results for the chart').toBeGreaterThanOrEqual(c.needed);
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(new URL(page.url()).hash).toBe('#/ratings');
  for (const h of ['A skill for each hand', 'Why skill reads ‘Calibrating’', 'What a result does']) {
    await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
  }
  await expectCalibrationShown(page, c);
  expect(await axeViolations(page)).toEqual([]);
});

test('the athlete popup links to the page, under the skill and ranks', async ({ page, request }) => {
  const name = (await leaderboard(request, 'M')).ranks.RH[0]!.name;
  await page.goto(`/#/leaderboards?ath=${encodeURIComponent(name)}&div=Men`);
  const dialog = page.getByRole('dialog', { name });
  const link = dialog.getByRole('link', { name: TITLE });
  await expect(link).toBeVisible();
  // Reached with the keyboard: its focus is visible (the app's outline).
  await link.focus();
  await expect(link).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(dialog).toHaveCount(0);
  await page.getByRole('region', { name: 'How well it predicts' }).locator('figure').scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: CHART })).toBeVisible();
});

test('on a phone the page fits its width, the chart too @phone', async ({ page, request }) => {
  const c = await calibration(request);
  await page.goto('/#/ratings');
  await expectCalibrationShown(page, c);
  const chart = (await page.getByRole('img', { name: CHART }).boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(chart.x).toBeGreaterThanOrEqual(0);
  expect(chart.x + chart.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
});

test('seen once, the page opens offline with its chart and table', async ({ page }) => {
  test.setTimeout(90_000);
  const server = await ownServer();
  try {
    await page.goto(`${server.url}/#/ratings`);
    await waitForWorker(page);
    // The first load was not controlled by the worker: once more, so it keeps the answer too.
    await page.reload();
    const c = await calibration(page.request, server.url);
    await expectCalibrationShown(page, c);
    await waitForAssetsKept(page);

    await server.kill();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expectCalibrationShown(page, c);
  } finally {
    await server.dispose();
  }
});
