import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import type { AthleteDetails, Leaderboard } from '../src/shared/rankings.ts';
import { leaderboard } from './support/leaderboard.ts';
import { PUBLIC_URL } from './support/ports.ts';

const board = (page: Page, title: 'Men' | 'Women') => page.getByRole('region', { name: title, exact: true });
const rows = (page: Page, title: 'Men' | 'Women') => board(page, title).locator('tbody tr');

test.describe('leaderboards', () => {
  test('men and women boards show 10 rows each, with the tip', async ({ page, request }) => {
    const men = await leaderboard(request, 'M');
    await page.goto('/');
    await expect(page.getByText('tap a row to flip it')).toBeVisible();
    await expect(rows(page, 'Men')).toHaveCount(10);
    await expect(rows(page, 'Women')).toHaveCount(10);
    await expect(board(page, 'Men').getByText('Combined overall')).toBeVisible();
    const firstRow = rows(page, 'Men').first();
    await expect(firstRow.getByRole('button', { name: men.ranks.LH[0]!.name })).toBeVisible();
    await expect(firstRow.getByRole('button', { name: men.ranks.RH[0]!.name })).toBeVisible();
  });

  test('tap flips a cell to skill, medals and a magnifier; one at a time; back after 6 s', async ({
    page,
    request,
  }) => {
    const men = await leaderboard(request, 'M');
    await page.clock.install();
    await page.goto('/');
    const first = men.ranks.LH[0]!.name;
    const second = men.ranks.LH[1]!.name;
    const menBoard = board(page, 'Men');
    await menBoard.locator('.col-lh').getByRole('button', { name: first, exact: true }).click();
    const flipped = menBoard.getByRole('button', { name: `${first}: skill and medals` });
    await expect(flipped).toBeVisible();
    await expect(flipped).toContainText(men.cons_now.LH[first]!.toFixed(1));
    await expect(menBoard.getByRole('button', { name: `Open ${first}` })).toBeVisible();

    // From here the page's time moves only when the test moves it: on a busy machine, real seconds spent in the
    // checks below must not count towards the 6 s.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await menBoard.locator('.col-lh').getByRole('button', { name: second, exact: true }).click();
    await expect(menBoard.getByRole('button', { name: `${second}: skill and medals` })).toBeVisible();
    await expect(flipped).toHaveCount(0);
    await expect(page.locator('.cell-back')).toHaveCount(1);

    await page.clock.runFor(5000);
    await expect(page.locator('.cell-back')).toHaveCount(1);
    await page.clock.runFor(1100);
    await expect(page.locator('.cell-back')).toHaveCount(0);
  });

  test('expand shows everyone; changing class or combine collapses; label and filter follow', async ({
    page,
    request,
  }) => {
    const men = await leaderboard(request, 'M');
    await page.goto('/');
    const menBoard = board(page, 'Men');
    const total = Math.max(men.ranks.LH.length, men.ranks.RH.length);
    await menBoard.getByRole('button', { name: `Show all ${total}` }).click();
    await expect(rows(page, 'Men')).toHaveCount(total);

    await menBoard.getByRole('button', { name: '198 lbs', exact: true }).click();
    await expect(menBoard.locator('.sticky-label')).toHaveText('198 lbs + lower');
    const lighter = men.ranks.LH.filter((r) => ['154', '176', '198'].includes(men.weights[r.name]!)).length;
    const lighterRh = men.ranks.RH.filter((r) => ['154', '176', '198'].includes(men.weights[r.name]!)).length;
    await expect(rows(page, 'Men')).toHaveCount(Math.min(10, Math.max(lighter, lighterRh)));

    await menBoard.getByRole('button', { name: /Show all/ }).click();
    await expect(rows(page, 'Men')).toHaveCount(Math.max(lighter, lighterRh));
    await menBoard.getByLabel('Combine with lower weight classes').uncheck();
    await expect(menBoard.locator('.sticky-label')).toHaveText('198 lbs');
    await expect(rows(page, 'Men')).toHaveCount(10);
    const only198 = men.ranks.LH.filter((r) => men.weights[r.name] === '198').map((r) => r.name);
    await expect(menBoard.locator('tbody .col-lh .cell-front').first()).toHaveText(only198[0]!);
    await expect(menBoard.locator('tbody .col-lh .cell-front').nth(9)).toHaveText(only198[9]!);

    await menBoard.getByRole('button', { name: 'All', exact: true }).click();
    await expect(menBoard.locator('.sticky-label')).toHaveText('Combined overall');
  });

  test("each board's Download CSV link downloads that board on the hand shown", async ({ page, request }) => {
    const [men, women] = [await leaderboard(request, 'M'), await leaderboard(request, 'F')];
    await page.goto('/');
    const firstDataRow = async (title: 'Men' | 'Women', hand: 'left' | 'right') => {
      const link = board(page, title).getByRole('link', { name: `Download CSV (${title}, ${hand} hand)` });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const text = fs.readFileSync(await download.path(), 'utf8');
      return { name: download.suggestedFilename(), row: text.split(/\r?\n/)[1]!.split(',') };
    };
    // The board opens on the right hand: the sheet's first row is the board's first right-hand athlete.
    const menRight = await firstDataRow('Men', 'right');
    expect(menRight.name).toBe('leaderboard-men-RH.csv');
    expect(menRight.row.slice(0, 2)).toEqual(['1', men.ranks.RH[0]!.name]);
    await expect(rows(page, 'Men').first().locator('td.col-rh:not(.col-delta)')).toContainText(menRight.row[1]!);
    expect((await firstDataRow('Women', 'right')).row.slice(0, 2)).toEqual(['1', women.ranks.RH[0]!.name]);

    await board(page, 'Men').getByRole('radio', { name: 'Left' }).check();
    const menLeft = await firstDataRow('Men', 'left');
    expect(menLeft.name).toBe('leaderboard-men-LH.csv');
    expect(menLeft.row.slice(0, 2)).toEqual(['1', men.ranks.LH[0]!.name]);
    await expect(rows(page, 'Men').first().locator('td.col-lh:not(.col-delta)')).toContainText(menLeft.row[1]!);
  });

  test('the magnifier opens the athlete popup; Escape closes it and clears the address', async ({ page, request }) => {
    const men = await leaderboard(request, 'M');
    const name = men.ranks.RH[0]!.name;
    await page.goto('/');
    const menBoard = board(page, 'Men');
    await menBoard.locator('.col-rh').getByRole('button', { name, exact: true }).click();
    await menBoard.getByRole('button', { name: `Open ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`ath=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}.*div=Men`));
    for (const text of [
      'Left Hand',
      'Right Hand',
      'Rank in class',
      'Rank overall',
      'Weight class',
      'Date of last weigh-in',
    ]) {
      await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(dialog.getByRole('tab', { name: '1m' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.locator('svg[role="img"]')).toBeVisible(); // the chart, loaded on demand
    await expect(dialog.getByText('--- coming soon ---')).toHaveCount(0); // dev face
    await expect(dialog.getByRole('button', { name: 'Challenge to supermatch' })).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/#\/leaderboards$/);
  });

  test('?ath= opens the popup when div matches or is absent, not when it differs', async ({ page, request }) => {
    const women = await leaderboard(request, 'F');
    const name = women.ranks.LH[0]!.name;
    const q = encodeURIComponent(name);
    await page.goto(`/#/leaderboards?ath=${q}&div=Women`);
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/#\/leaderboards$/);

    await page.goto(`/#/leaderboards?ath=${q}`);
    await expect(page.getByRole('dialog', { name })).toBeVisible();

    await page.goto(`/#/leaderboards?ath=${q}&div=Men`);
    await expect(rows(page, 'Women')).toHaveCount(10);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('when the API is down: under-construction banner and the fallback data', async ({ page, request }) => {
    const { men } = (await (await request.get('/fallback.json')).json()) as { men: Leaderboard };
    await page.route('**/api/v1/leaderboard?*', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/');
    await expect(page.getByText('UNDER CONSTRUCTION — Some features are unavailable at the moment.')).toBeVisible();
    await expect(rows(page, 'Men')).toHaveCount(10);
    await expect(rows(page, 'Men').first().getByRole('button', { name: men.ranks.LH[0]!.name })).toBeVisible();
  });

  test('when the fallback fails too: the error text', async ({ page }) => {
    await page.route('**/api/v1/leaderboard?*', (route) => route.abort());
    await page.route('**/fallback.json', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await expect(page.getByText('Failed to load rankings data. Refresh the page and try again.')).toBeVisible();
  });

  test('axe finds nothing on the leaderboards with data and a flipped cell', async ({ page, request }) => {
    const men = await leaderboard(request, 'M');
    await page.goto('/');
    await board(page, 'Men').locator('.col-lh').getByRole('button', { name: men.ranks.LH[0]!.name }).click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the popup lists the athlete's results newest first, ten then Show all, with the skill before and after", async ({
    page,
    request,
  }) => {
    const men = await leaderboard(request, 'M');
    const name = men.ranks.RH[0]!.name;
    const res = await request.get(`/api/v1/athletes?name=${encodeURIComponent(name)}&sex=M`);
    const details = (await res.json()) as AthleteDetails;
    expect(details.results.length).toBeGreaterThan(10); // the demo's best athlete has a long record
    await page.goto(`/#/leaderboards?ath=${encodeURIComponent(name)}&div=Men`);
    const results = page.getByRole('dialog', { name }).getByRole('region', { name: 'Results' });
    const items = results.getByRole('listitem');
    await expect(items).toHaveCount(10);
    const newest = details.results[0]!;
    await expect(items.first()).toContainText(newest.event ?? 'Supermatch');
    await expect(items.first()).toContainText(`${newest.skill_before.toFixed(1)} → ${newest.skill_after.toFixed(1)}`);
    await results.getByRole('button', { name: `Show all (${details.results.length})` }).click();
    await expect(items).toHaveCount(details.results.length);
    await expect(results.getByRole('button', { name: /Show all/ })).toHaveCount(0);
  });
});

test.describe('public face', () => {
  test("skill reads 'Calibrating', the chart is overlaid, no arrows and no challenge button", async ({
    page,
    request,
  }) => {
    const men = await leaderboard(request, 'M');
    const name = men.ranks.LH[0]!.name;
    await page.goto(`${PUBLIC_URL}/`);
    const menBoard = board(page, 'Men');
    await menBoard.locator('.col-lh').getByRole('button', { name, exact: true }).click();
    await expect(menBoard.getByRole('button', { name: `${name}: skill and medals` })).toContainText('Calibrating');
    await expect(page.locator('.delta')).toHaveCount(0);
    await menBoard.getByRole('button', { name: `Open ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.getByText('--- coming soon ---')).toBeVisible();
    await expect(dialog.getByText('Calibrating').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Challenge to supermatch' })).toHaveCount(0);
    // Results list without skill numbers on the public face.
    const results = dialog.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(results.getByText('→')).toHaveCount(0);
  });
});

test.describe('phone @phone', () => {
  test('the hand slider shows one hand at a time', async ({ page, request }) => {
    const men = await leaderboard(request, 'M');
    await page.goto('/');
    const menBoard = board(page, 'Men');
    const rightTop = menBoard.locator('.col-rh').getByRole('button', { name: men.ranks.RH[0]!.name, exact: true });
    const leftTop = menBoard.locator('.col-lh').getByRole('button', { name: men.ranks.LH[0]!.name, exact: true });
    await expect(rightTop).toBeVisible();
    await expect(leftTop).toBeHidden();
    await menBoard.getByRole('radio', { name: 'Left' }).click();
    await expect(menBoard.getByRole('radio', { name: 'Left' })).toBeChecked();
    await expect(leftTop).toBeVisible();
    await expect(rightTop).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
