import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { leaderboard } from './support/leaderboard.ts';

/**
 * Every route reads its search parameters leniently: a wrong value in the address (a mistyped link, an old
 * bookmark, a club that is gone) is left out, and the screen shows what it shows without it, never an error.
 */

/** Neither the router's error screen nor 'not found' nor an open popup: the screen as it normally is. */
async function noErrorScreen(page: Page) {
  await expect(page.getByText('This screen could not load.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the leaderboards with an unknown division and an empty athlete show both boards', async ({ page, request }) => {
  const men = await leaderboard(request, 'M');
  await page.goto('/#/leaderboards?div=Nope&ath=&goto=elsewhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
  const menBoard = page.getByRole('region', { name: 'Men', exact: true });
  await expect(menBoard.locator('tbody tr')).toHaveCount(10);
  await expect(menBoard.getByRole('button', { name: men.ranks.RH[0]!.name, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Women', exact: true }).locator('tbody tr')).toHaveCount(10);
  await noErrorScreen(page);
  // The address keeps only what it could read.
  await expect(page).toHaveURL(/#\/leaderboards$/);
});

test('the leaderboards with an athlete nobody has show the boards and no popup', async ({ page }) => {
  await page.goto('/#/leaderboards?ath=Nobody%20At%20All&div=Men');
  await expect(page.getByRole('region', { name: 'Men', exact: true }).locator('tbody tr')).toHaveCount(10);
  await noErrorScreen(page);
});

test('the events with an id that is not a number, or no event of that id, show the list', async ({ page }) => {
  for (const query of ['id=abc', 'id=-3&from=nowhere', 'id=99999', 'event=No%20Such%20Event']) {
    await page.goto(`/#/events?${query}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    await expect(page.getByRole('link').filter({ hasText: 'State Armwrestling Championship' })).toBeVisible();
    await noErrorScreen(page);
    // A value that is no id at all is not remembered as the event to open later either.
    if (query === 'id=abc') expect(await page.evaluate(() => localStorage.getItem('aw.pendingEvent'))).toBeNull();
  }
});

test('the old /tournaments address with a bad id still opens the events', async ({ page }) => {
  await page.goto('/#/tournaments?id=abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  await expect(page).toHaveURL(/#\/events$/);
  await noErrorScreen(page);
});

test('the clubs with a club that does not exist, and a bad division, show the club list', async ({ page }) => {
  await page.goto('/#/clubs?club=No%20such%20club&from=somewhere&div=Nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a club to train with' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Clubs' }).getByRole('link').first()).toBeVisible();
  await noErrorScreen(page);
});

test('the supermatches with a match that does not exist show the cards', async ({ page }) => {
  await page.goto('/#/supermatches?match=zzz');
  await expect(page.getByRole('heading', { level: 1, name: 'Supermatches' })).toBeVisible();
  await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
  await expect(page.locator('.sm-card.is-highlighted')).toHaveCount(0);
  await noErrorScreen(page);
});

test.describe('scroll positions', () => {
  test('a new screen starts at its top, Back and Forward return to where each entry was left, a popup keeps the place', async ({
    page,
  }) => {
    // Two columns of cards (and the top bar's links): a long page.
    await page.setViewportSize({ width: 800, height: 600 });
    await page.goto('/#/supermatches');
    await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
    // The cards come in steps: wait until the list is long enough to scroll far down.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2600);
    const scrolledTo = (y: number) => page.evaluate((top) => scrollTo(0, top), y);
    const scrollTop = () => page.evaluate(() => Math.round(scrollY));
    await scrolledTo(1800);
    await expect.poll(scrollTop).toBe(1800);

    // The top bar stays on screen (sticky): clicking it scrolls nothing by itself.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clubs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a club to train with' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clubs' }).getByRole('link').first()).toBeVisible();
    expect(await scrollTop()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1000);
    await scrolledTo(300);
    await expect.poll(scrollTop).toBe(300);

    // A club opened from the list is a change of query on the same screen: the page stays where it is.
    const club = page.getByRole('list', { name: 'Clubs' }).getByRole('link').nth(1);
    await expect(club).toBeInViewport();
    await club.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await scrollTop()).toBe(300);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await scrollTop()).toBe(300);

    // Back: the supermatches, where they were left, also while their cards come in again in steps.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Supermatches' })).toBeVisible();
    await expect.poll(scrollTop).toBe(1800);

    // Forward: the clubs, where they were left.
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a club to train with' })).toBeVisible();
    await expect.poll(scrollTop).toBe(300);
  });
});
