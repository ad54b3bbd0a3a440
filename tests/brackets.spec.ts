import type { Locator, Page } from '@playwright/test';
import type { Tournament, TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer } from './support/own-server.ts';
import { persistedQueryKeys, waitForWorker } from './support/worker.ts';

/**
 * The brackets page on the production build and the real server with the demo's tournaments: the list newest
 * first, a tournament's categories with their state, the 64-athlete bracket opened on its current round (a
 * phone and a desktop), placings of a finished category, 'Find an athlete' by a deep link, the event details'
 * link, axe, and a bracket seen once opening offline with its age.
 */
async function tournaments(base: string): Promise<TournamentSummary[]> {
  const res = await fetch(`${base}/api/v1/tournaments`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as { tournaments: TournamentSummary[] }).tournaments;
}
async function tournament(base: string, id: number): Promise<Tournament> {
  const res = await fetch(`${base}/api/v1/tournaments/${id}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as Tournament;
}
/** Today's running tournament and its biggest category (the demo's 64). */
async function running(base: string) {
  const list = await tournaments(base);
  const today = await tournament(base, list.find((t) => !t.published)!.id);
  const big = [...today.categories].sort((x, y) => y.entries.length - x.entries.length)[0]!;
  return { list, today, big };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Whether a round stands at the start of its sideways-scrolling row (the row was scrolled to it). */
const startsItsRow = (round: Locator) =>
  round.evaluate((el) => {
    const row = el.parentElement!.getBoundingClientRect();
    return Math.abs(el.getBoundingClientRect().left - row.left) <= 2;
  });

test.describe('brackets page', () => {
  test('the tournaments newest first; a tournament, its categories with their state; the 64 on its current round; axe', async ({
    page,
    baseURL,
  }) => {
    const { list, today, big } = await running(baseURL!);
    expect(big.entries.length).toBe(64);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brackets' }).click();
    await expect(heading(page, 'Brackets')).toBeVisible();
    const links = page.getByRole('list', { name: 'Tournaments' }).getByRole('link');
    await expect(links).toHaveCount(list.length);
    expect(list.map((t) => t.date)).toEqual([...list.map((t) => t.date)].sort().reverse());
    await expect(links.first()).toContainText(list[0]!.name);
    expect(await axeViolations(page)).toEqual([]);

    await links.filter({ hasText: today.name }).click();
    await expect(heading(page, today.name)).toBeVisible();
    const categories = page.getByRole('navigation', { name: 'Categories' });
    for (const label of ['Not drawn', 'Running', 'Finished']) {
      await expect(categories.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await categories.getByRole('link').filter({ hasText: big.name }).click();
    await expect(page).toHaveURL(new RegExp(`category=${big.id}`));
    const winners = page.getByRole('region', { name: 'Winners’ bracket' });
    await expect(winners).toBeVisible();
    await expect(page.getByRole('region', { name: 'Losers’ bracket' })).toBeVisible();
    // The round being pulled is the one shown first, scrolled to.
    const firstReady = big.matches.find((m) => m.status === 'ready')!;
    const current = page.locator(`.section-${firstReady.bracket} .bracket-round.current`);
    await expect(current.locator('h4')).toHaveText(`Round ${firstReady.round}`);
    await expect.poll(() => startsItsRow(current)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a finished category: placings, winners highlighted, byes; Find an athlete by a deep link', async ({
    page,
    baseURL,
  }) => {
    const list = await tournaments(baseURL!);
    const published = await tournament(baseURL!, list.find((t) => t.published)!.id);
    const category = published.categories.find((c) => c.byes.length > 0 && c.placings.length > 0)!;
    const champion = category.placings.find((p) => p.place === 1)!.name;
    await page.goto(
      `/#/brackets?tournament=${published.id}&category=${category.id}&athlete=${encodeURIComponent(champion)}`,
    );
    await expect(heading(page, published.name)).toBeVisible();
    const placings = page.getByRole('region', { name: 'Placings' });
    await expect(placings.getByRole('listitem').first()).toContainText(`1st ${champion}`);
    await expect(page.getByRole('region', { name: 'Final', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Winners’ bracket' }).getByText('Bye')).toHaveCount(
      category.byes.length,
    );
    await expect(page.locator('.athlete.winner').first()).toBeVisible();
    const finds = page.getByRole('list', { name: `${champion} in this tournament` });
    await expect(finds).toContainText(`${category.name}: 1st place`);
    await expect(page.getByRole('combobox', { name: 'Find an athlete' })).toHaveValue(champion);
    await expect(page.getByRole('table')).toContainText('Points');
  });

  test('the event details link to the event’s brackets', async ({ page, baseURL }) => {
    const list = await tournaments(baseURL!);
    const t = list[0]!;
    await page.goto(`/#/events?id=${t.event_id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Brackets' }).click();
    await expect(heading(page, t.name)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/brackets\\?tournament=${t.id}`));
  });

  test('on a phone the 64 opens on its current round and the page does not scroll sideways', async ({
    page,
    baseURL,
  }, info) => {
    const { today, big } = await running(baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#/brackets?tournament=${today.id}&category=${big.id}`);
    const current = page.locator('.bracket-round.current').first();
    await expect(current).toBeVisible();
    await expect.poll(() => startsItsRow(current)).toBe(true);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.bracket-rounds'))
        .map((e) => `${e.tagName}.${e.className}`),
    );
    expect(wide).toEqual([]);
    await page.screenshot({ path: info.outputPath('brackets-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: info.outputPath('brackets-desktop.png') });
  });
});

test('a bracket seen once opens offline, with its age, also after a refresh failed with the server gone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const server = await ownServer();
  try {
    const { today, big } = await running(server.url);
    const address = `${server.url}/#/brackets?tournament=${today.id}&category=${big.id}`;
    // One visit, not controlled by the worker: the tournament's answer is only in the saved query cache.
    await page.goto(address);
    await waitForWorker(page);
    await expect(page.getByRole('region', { name: 'Winners’ bracket' })).toBeVisible();
    await expect.poll(() => persistedQueryKeys(page)).toContain(`["tournaments",${today.id}]`);

    await server.kill();
    // The first load offline shows the saved copy and asks the server again, in vain. That failed refresh
    // must not wipe the copy: the next load shows it too.
    const refresh = page.waitForEvent('requestfailed', (r) => r.url().endsWith(`/api/v1/tournaments/${today.id}`));
    await page.reload();
    await refresh;
    await page.reload();
    await expect(heading(page, today.name)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Winners’ bracket' })).toBeVisible();
    await expect(page.getByText(/^Offline: showing data from/)).toBeVisible();
  } finally {
    await server.dispose();
  }
});
