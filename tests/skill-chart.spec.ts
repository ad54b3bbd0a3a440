import type { Locator, Page } from '@playwright/test';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_URL } from './support/ports.ts';
import { waitForWorker } from './support/worker.ts';

/**
 * The athlete popup's skill chart: @nivo/line in a chunk of its own, fetched only when the chart comes into
 * view; both hands' lines, the legend, the ranges, the tooltip, the text alternative, the public face's overlay,
 * a phone's width and reduced motion.
 */

const CHART_CHUNK = /\/assets\/SkillChart-[^/]*\.js$/;

/** The best right-handed man of the demo: years of history in both hands. */
async function openPopup(page: Page, base = '') {
  // The API is asked on the test host itself (the public name resolves only inside the browser).
  const men = (await (await page.request.get('/api/v1/leaderboard?sex=M')).json()) as Leaderboard;
  const name = men.ranks.RH[0]!.name;
  await page.goto(`${base}/#/leaderboards?ath=${encodeURIComponent(name)}&div=Men`);
  return page.getByRole('dialog', { name });
}

/** Each hand's line is nivo's path in the hand's colour (the legend's). */
const line = (chart: Locator, hand: 'left' | 'right') => chart.locator(`path[stroke="var(--chart-${hand})"]`);
const tickLabels = (chart: Locator) => chart.locator('text').allTextContents();

test('the chart chunk is fetched only when the chart comes into view; nivo draws both hands', async ({ page }) => {
  const chunkRequests: string[] = [];
  page.on('request', (r) => {
    if (CHART_CHUNK.test(new URL(r.url()).pathname)) chunkRequests.push(r.url());
  });
  // A short screen: the popup's body scrolls, and the chart sits below its fold.
  await page.setViewportSize({ width: 390, height: 340 });
  const dialog = await openPopup(page);
  const frame = dialog.locator('.chart-frame');
  await expect(dialog.getByRole('region', { name: 'Results' })).toBeVisible();
  await expect(frame.getByText('Loading chart…')).toBeAttached();
  // The worker registers at the idle moment after the first content, the moment a chart in view would load.
  await waitForWorker(page);
  const body = (await dialog.locator('.dialog-body').boundingBox())!;
  expect((await frame.boundingBox())!.y, 'the chart is below the fold').toBeGreaterThan(body.y + body.height);
  expect(chunkRequests, 'no chart chunk before the chart is in view').toEqual([]);

  await frame.scrollIntoViewIfNeeded();
  const chart = dialog.getByRole('img', { name: 'Skill history chart' });
  await expect(chart).toBeVisible();
  expect(chunkRequests).toHaveLength(1);

  // Drawn by nivo: both hands' lines, dates below (day and month for a month), the legend beside it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(dialog.getByRole('tab', { name: '1m' })).toHaveAttribute('aria-selected', 'true');
  await expect(line(chart, 'left')).toHaveAttribute('d', /^M/);
  await expect(line(chart, 'right')).toHaveAttribute('d', /^M/);
  expect((await tickLabels(chart)).filter((t) => /^[A-Z][a-z]{2} \d{2}$/.test(t)).length).toBeGreaterThan(1);
  await expect(dialog.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    'Left Hand',
    'Right Hand',
  ]);

  // 1y, chosen with the keyboard, draws another stretch of time: other lines, month and year below.
  const before = await line(chart, 'left').getAttribute('d');
  await dialog.getByRole('tab', { name: '1y' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('tab', { name: '1y' })).toHaveAttribute('aria-selected', 'true');
  await expect(line(chart, 'left')).not.toHaveAttribute('d', before!);
  await expect
    .poll(async () => (await tickLabels(chart)).filter((t) => /^[A-Z][a-z]{2} \d{4}$/.test(t)).length)
    .toBeGreaterThan(1);

  // The text alternative: the chart is described by a table of the days it draws, both hands each day.
  await expect(chart).toHaveAccessibleDescription('Skill by day, the last year');
  const table = dialog.getByRole('table', { name: 'Skill by day, the last year' });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Left Hand', 'Right Hand']);
  await expect(table.getByRole('row').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2}\d+\.\d{2}\d+\.\d{2}$/);

  // The tooltip: the day under the pointer and both hands' skill that day.
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await expect(dialog.locator('.skill-chart-tip')).toHaveText(
    /^\d{4}-\d{2}-\d{2}Left Hand: \d+\.\d{2}Right Hand: \d+\.\d{2}$/,
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('on the public host: the chart under the overlay, no tooltip and no skill numbers', async ({ page }) => {
  const dialog = await openPopup(page, PUBLIC_URL);
  await expect(dialog.getByText('--- coming soon ---')).toBeVisible();
  const chart = dialog.getByRole('img', { name: 'Skill history chart' });
  await expect(chart).toBeVisible();
  await expect(chart).not.toHaveAttribute('aria-describedby');
  await expect(dialog.getByRole('table')).toHaveCount(0);
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await expect(dialog.getByText('--- coming soon ---')).toBeVisible();
  await expect(dialog.locator('.skill-chart-tip')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('on a 390 px phone the chart narrows to the popup, 180 high, without overflow', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openPopup(page);
  const chart = dialog.getByRole('img', { name: 'Skill history chart' });
  await expect(chart).toBeVisible();
  const frame = (await dialog.locator('.chart-frame').boundingBox())!;
  const svg = (await chart.boundingBox())!;
  expect(svg.width).toBeLessThan(560);
  expect(svg.width).toBeLessThanOrEqual(frame.width);
  expect(svg.height).toBe(180);
  const block = dialog.getByRole('region', { name: 'Skill history' });
  expect(await block.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test('under reduced motion a new range is drawn at once; otherwise the lines glide', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const dialog = await openPopup(page);
  const chart = dialog.getByRole('img', { name: 'Skill history chart' });
  await expect(chart).toBeVisible();

  /** Every shape the left line takes after choosing `range`, until it settles (react-spring moves at most
   * 64 ms a frame, so a glide shows many in-between shapes however busy the machine is). */
  const shapesAfter = async (range: string) => {
    await line(chart, 'left').evaluate((path) => {
      const w = window as unknown as { shapes: string[]; counted?: number; watch?: MutationObserver };
      w.shapes = [];
      w.counted = undefined;
      w.watch?.disconnect();
      w.watch = new MutationObserver(() => w.shapes.push(path.getAttribute('d')!));
      w.watch.observe(path, { attributeFilter: ['d'] });
    });
    await dialog.getByRole('tab', { name: range }).click();
    // Settled: no new shape for three frames running (checked once a frame).
    await page.waitForFunction(
      () => {
        const w = window as unknown as { shapes: string[]; counted?: number; still?: number };
        if (w.shapes.length === 0) return false;
        if (w.shapes.length !== w.counted) {
          w.counted = w.shapes.length;
          w.still = 0;
          return false;
        }
        w.still = (w.still ?? 0) + 1;
        return w.still >= 3;
      },
      undefined,
      { polling: 'raf' },
    );
    return page.evaluate(() => (window as unknown as { shapes: string[] }).shapes.length);
  };

  expect(await shapesAfter('5y')).toBeLessThanOrEqual(2);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await shapesAfter('1y')).toBeGreaterThan(4);
});
