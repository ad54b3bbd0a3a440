import { expect, test } from './support/fixtures.ts';

test.describe('routes', () => {
  test('the root opens the leaderboards', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/#\/leaderboards$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
  });

  for (const [hash, heading] of [
    ['#/leaderboards', 'Leaderboards'],
    ['#/events', 'Upcoming Events'],
    ['#/supermatches', 'Supermatches'],
    ['#/clubs', 'Find a club to train with'],
    ['#/admin', 'Verify Submissions'],
    ['#/nowhere', 'Page not found'],
  ] as const) {
    test(`${hash} shows ${heading}`, async ({ page }) => {
      await page.goto(`/${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('#/tournaments redirects to #/events keeping the query', async ({ page }) => {
    await page.goto('/#/tournaments?id=7');
    await expect(page).toHaveURL(/\/#\/events\?id=7$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  });

  test('the admin screen tells visitors it is for admins only', async ({ page }) => {
    await page.goto('/#/admin');
    await expect(page.getByRole('heading', { name: 'Admins Only' })).toBeVisible();
    await expect(page.getByText('contact an administrator')).toBeVisible();
  });

  test('a plain /events address with a query becomes #/events and remembers the pending event', async ({ page }) => {
    await page.goto('/events?id=2');
    await expect(page).toHaveURL(/\/#\/events\?id=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('aw.pendingEvent'))).toBe('{"id":2}');
  });

  test('a plain /tournaments address becomes #/events keeping the query', async ({ page }) => {
    await page.goto('/tournaments?event=Spring%20Pull');
    await expect(page).toHaveURL(/\/#\/events\?event=Spring(%20|\+)Pull$/);
    expect(await page.evaluate(() => localStorage.getItem('aw.pendingEvent'))).toBe('{"name":"Spring Pull"}');
  });

  test('a plain /events address without a query becomes #/events', async ({ page }) => {
    await page.goto('/events');
    await expect(page).toHaveURL(/\/#\/events$/);
  });

  test('each navigation stores a last-seen time for the route', async ({ page }) => {
    await page.goto('/#/supermatches');
    await expect(page.getByRole('heading', { level: 1, name: 'Supermatches' })).toBeVisible();
    await page.getByRole('link', { name: 'Clubs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a club to train with' })).toBeVisible();
    const seen = await page.evaluate(() => JSON.parse(localStorage.getItem('aw.lastSeen') ?? '{}') as Record<string, number>);
    expect(Object.keys(seen).sort()).toEqual(['clubs', 'supermatches']);
    expect(seen.clubs).toBeGreaterThan(Date.now() - 60_000);
  });
});

test.describe('a screen whose code cannot be fetched', () => {
  // Without the service worker, so the page's own requests are the ones the test can fail.
  test.use({ serviceWorkers: 'block' });

  test('says so, keeps the top bar, and opens once Try again finds the connection back', async ({ page }) => {
    await page.goto('/#/leaderboards');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    await page.route('**/assets/clubs-*.js', (route) => route.abort('internetdisconnected'));

    await page.getByRole('link', { name: 'Clubs' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This screen could not load.' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Events', exact: true })).toBeVisible();

    await page.unroute('**/assets/clubs-*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a club to train with' })).toBeVisible();
  });
});

test.describe("'new' dots", () => {
  test('a dot shows for 7 days after the release date and goes once the route is visited', async ({ page }) => {
    // Two days after the events release (2025-01-10), one after leaderboards (2025-01-12), before clubs (2025-08-16).
    await page.clock.setFixedTime(new Date(2025, 0, 13, 12));
    await page.goto('/#/supermatches');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByTestId('new-dot-events')).toBeVisible();
    await expect(main.getByTestId('new-dot-leaderboards')).toBeVisible();
    await expect(main.getByTestId('new-dot-clubs')).toHaveCount(0);

    await main.getByRole('link', { name: /Events/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    await expect(main.getByTestId('new-dot-events')).toHaveCount(0);
    await expect(main.getByTestId('new-dot-leaderboards')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    await expect(main.getByTestId('new-dot-events')).toHaveCount(0);
  });

  test('no dot once the 7 days are over', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2025, 0, 20, 12));
    await page.goto('/#/supermatches');
    await expect(page.getByRole('heading', { level: 1, name: 'Supermatches' })).toBeVisible();
    await expect(page.locator('.new-dot')).toHaveCount(0);
  });
});
