import type { Locator, Page, Route } from '@playwright/test';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * What fills in later has its room kept: the lists of the events, supermatches
 * and clubs pages stay where their placeholders stood when the data arrives,
 * and the athlete popup's chart frame holds its height while the chart loads.
 * Each answer is held back until the placeholder has been measured, so the
 * test compares positions, not timings.
 */

/** Holds every request matching `url` until `release()` is called. */
async function holdBack(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const top = async (el: Locator) => (await el.boundingBox())!.y;

for (const { screen, api, placeholder, loaded } of [
  {
    screen: 'events',
    api: '**/api/v1/events',
    placeholder: 'ul.event-grid[aria-hidden="true"]',
    loaded: 'ul.event-grid[aria-label="Upcoming Events"]',
  },
  {
    screen: 'supermatches',
    api: '**/api/v1/supermatches',
    placeholder: 'ul.sm-grid[aria-hidden="true"]',
    loaded: 'ul.sm-grid:not([aria-hidden])',
  },
  {
    screen: 'clubs',
    api: '**/clubs.json',
    placeholder: 'ul.club-grid[aria-hidden="true"]',
    loaded: 'ul.club-grid[aria-label="Clubs"]',
  },
]) {
  test(`the ${screen} list arrives where its placeholder stood`, async ({ page }) => {
    const release = await holdBack(page, api);
    await page.goto(`/#/${screen}`);
    const before = page.locator(placeholder);
    await expect(before).toBeVisible();
    const at = await top(before);
    release();
    const after = page.locator(loaded);
    await expect(after.locator('li').first()).toBeVisible();
    expect(await top(after)).toBe(at);
  });
}

test('the athlete popup: the chart comes into a frame of its own height and draws both hands', async ({
  page,
  request,
}) => {
  const men = (await (await request.get('/api/v1/leaderboard?sex=M')).json()) as Leaderboard;
  const name = men.ranks.RH[0]!.name;
  const release = await holdBack(page, /\/assets\/SkillChart-[^/]*\.js$/);
  await page.goto(`/#/leaderboards?ath=${encodeURIComponent(name)}&div=Men`);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('Loading chart…')).toBeVisible();
  const legend = dialog.getByRole('list', { name: 'Legend' });
  const at = await top(legend);
  release();
  const chart = dialog.getByRole('img', { name: 'Skill history chart' });
  await expect(chart).toBeVisible();
  expect(await top(legend)).toBe(at);
  // Five years of history: each hand's line (nivo's, in the legend's colour) climbs in steps (a level line has
  // no height to be seen by).
  await dialog.getByRole('tab', { name: '5y' }).click();
  await expect(chart.locator('path[stroke="var(--chart-left)"]')).toBeVisible();
  await expect(chart.locator('path[stroke="var(--chart-right)"]')).toBeVisible();

  // Pointing at the chart shows a day with each hand's skill; leaving it hides that again.
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  const tip = dialog.locator('.skill-chart-tip');
  await expect(tip).toHaveText(/^\d{4}-\d{2}-\d{2}Left Hand: \d+\.\d{2}Right Hand: \d+\.\d{2}$/);
  await page.mouse.move(box.x + box.width / 2, box.y - 40);
  await expect(tip).toHaveCount(0);
});
