import type { Tournament, TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import { readTournament, recordResult, signInAdmin, tableKey } from './support/tournaments.ts';

/**
 * The head table as a screen of its own (#/head-table): the admin screen leads there, the list leads to a
 * tournament's head table, and on a laptop the conflicts and the overview stay in view while the category at hand
 * scrolls; anyone but an admin is told it is for admins.
 */
test.describe('for an admin', () => {
  // Its own server: the conflict is made by recording results.
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await ownServer();
  });
  test.afterAll(async () => {
    await server.dispose();
  });

  test('from the admin screen to a tournament’s head table, whose overview and conflicts stay in view on a laptop', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const auth = await signInAdmin(page, server.url);
    const { tournaments } = (await (await fetch(`${server.url}/api/v1/tournaments`)).json()) as {
      tournaments: TournamentSummary[];
    };
    const today: Tournament = await readTournament(server.url, tournaments.find((t) => !t.published)!.id);
    // A conflict: a table's device records a match, then the head table sends the other winner.
    const atTable = today.categories.find((c) => c.status === 'running' && c.table !== null && c.entries.length < 64)!;
    const match = atTable.matches.find((m) => m.status === 'ready' && m.table === atTable.table)!;
    const key = await tableKey(server.url, auth, today.id, atTable.table!);
    expect((await recordResult(server.url, `Table ${key}`, today.id, match.id, { winner: 'A' })).status).toBeLessThan(
      300,
    );
    expect((await recordResult(server.url, auth, today.id, match.id, { winner: 'B' })).status).toBe(409);

    await page.goto(`${server.url}/#/admin`);
    await page.getByRole('region', { name: 'Head table' }).getByRole('link', { name: 'Open the head table' }).click();
    await expect(page).toHaveURL(/#\/head-table$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Head table' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Tournaments' })
      .getByRole('link', { name: new RegExp(`^${today.name}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`#/head-table\\?tournament=${today.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: today.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Public brackets' })).toHaveAttribute(
      'href',
      new RegExp(`#/brackets\\?tournament=${today.id}$`),
    );

    // The longest desk: the 64 athletes' category.
    const big = today.categories.find((c) => c.entries.length === 64)!;
    await page.getByRole('combobox', { name: 'Category' }).selectOption(String(big.id));
    await expect(page).toHaveURL(new RegExp(`category=${big.id}`));
    const desk = page.getByRole('region', { name: big.name });
    await expect(desk.getByRole('list', { name: 'Ready matches' })).toBeVisible();
    const conflicts = page.getByRole('region', { name: 'Conflicts (1)' });
    const overview = page.getByRole('region', { name: 'Overview', exact: true });
    const stayInView = async () => {
      await expect(conflicts.getByRole('heading', { name: 'Conflicts (1)' })).toBeInViewport({ ratio: 1 });
      await expect(conflicts.getByRole('button', { name: 'Keep the first' })).toBeInViewport({ ratio: 1 });
      await expect(overview.getByRole('heading', { name: 'Overview' })).toBeInViewport({ ratio: 1 });
      await expect(overview.getByRole('heading', { name: `Table ${big.table}` })).toBeInViewport({ ratio: 1 });
    };
    await stayInView();

    // The page scrolls down the category's desk (a wheel over it); the left pane stays put.
    const box = (await desk.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, 500);
    await page.mouse.wheel(0, 2500);
    await expect(desk.getByRole('heading', { name: big.name })).not.toBeInViewport();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
    await stayInView();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('anyone but an admin is told the head table is for admins', async ({ page }) => {
  const { tournaments } = (await (await page.request.get('/api/v1/tournaments')).json()) as {
    tournaments: TournamentSummary[];
  };
  const address = `/#/head-table?tournament=${tournaments[0]!.id}`;
  await page.goto(address);
  const notice = page.getByRole('region', { name: 'Head table' });
  await expect(notice.getByRole('heading', { name: 'Admins Only' })).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Sign in with Email' })).toBeVisible();

  // Signed in without the role: the role is read (the top bar asks), and the screen is still only the notice.
  const roleRead = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/role'));
  await signInAs(page, 'Jordan Reyes');
  await roleRead;
  await page.goto(address);
  await expect(notice.getByRole('heading', { name: 'Admins Only' })).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Sign in with Email' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
