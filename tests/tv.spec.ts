import type { Locator, Page } from '@playwright/test';
import type { TableOverview } from '../src/shared/tournament-contract/table.ts';
import type { TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import { axeViolations } from './support/axe.ts';
import { cutConnection, restoreConnection } from './support/connection.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { drawnTournament, ok, readTournament, recordResult, signInAdmin } from './support/tournaments.ts';

/**
 * The hall's TV (#/tv?tournament={id}) against the real server: every table's 'Now pulling' and 'On deck' in type
 * read from five metres (at least 32 px on a 1920x1080 screen), a result recorded elsewhere on screen within 2 s
 * of its answer (the live stream pushes it), and offline the data's age, then back to following on its own.
 */
let server: OwnServer;
test.beforeAll(async () => {
  server = await ownServer();
});
test.afterAll(async () => {
  await server.dispose();
});
test.use({ viewport: { width: 1920, height: 1080 } });

const MIN_PX = 32;
const fontPx = (l: Locator) => l.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
const tableRow = (page: Page, n: number) => page.getByRole('row', { name: new RegExp(`^Table ${n}\\b`) });
const nowPulling = (page: Page, n: number) => tableRow(page, n).getByRole('cell').nth(0);
const onDeck = (page: Page, n: number) => tableRow(page, n).getByRole('cell').nth(1);
// The roles leave out the shell's own status line, which the TV hides.
const status = (page: Page, text: RegExp) => page.getByRole('status').filter({ hasText: text });

test("every table's match now pulling and on deck, large enough to read across the hall", async ({ page }) => {
  test.setTimeout(90_000);
  const auth = await signInAdmin(page, server.url);
  const { tournaments } = await ok<{ tournaments: TournamentSummary[] }>(server.url, 'GET', '/tournaments');
  const tonight = tournaments.find((t) => t.name === 'Friday Night Pulls')!;
  const t = await readTournament(server.url, tonight.id);
  // What the server itself calls each table's current match (the head table's overview), not the app's own sum.
  const { tables } = await ok<TableOverview>(server.url, 'GET', `/admin/tournaments/${t.id}/tables`, auth);
  const matches = new Map(t.categories.flatMap((c) => c.matches.map((m) => [m.id, { ...m, category: c.name }])));

  await page.goto(`${server.url}/#/tv?tournament=${t.id}`);
  await expect(page.getByRole('heading', { level: 1, name: t.name })).toBeVisible();
  // No top bar, nothing to press.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Now pulling' })).toBeVisible();
  expect(await fontPx(page.getByRole('columnheader', { name: 'On deck' }))).toBeGreaterThanOrEqual(MIN_PX);

  const pulling = tables.filter((x) => x.current !== null);
  expect(pulling.length).toBeGreaterThanOrEqual(3);
  for (const table of tables) {
    const cell = nowPulling(page, table.table);
    if (table.current === null) {
      await expect(cell).toHaveText(/All pulled|Nothing ready to pull/);
      continue;
    }
    const m = matches.get(table.current)!;
    await expect(cell).toContainText(`${m.a} vs ${m.b}`);
    await expect(cell).toContainText(m.category);
    if (table.queue > 1) await expect(onDeck(page, table.table)).toContainText(' vs ');
    for (const part of [cell.locator('.tv-athletes'), cell.locator('.tv-category')]) {
      expect(await fontPx(part)).toBeGreaterThanOrEqual(MIN_PX);
    }
  }
  expect(await axeViolations(page)).toEqual([]);
});

test('follows a result within 2 seconds; offline it shows its age, and follows again once back', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  const auth = await signInAdmin(page, server.url);
  const long = 'Maximiliano Konstantinopoulos-Vanderberg';
  const { id } = await drawnTournament(server.url, auth, {
    name: 'Hall Screen Open',
    athletes: [long, 'Bea Ames', 'Cal Bell', 'Dax Carr', 'Eli Dow', 'Fin Eck', 'Gil Fox', 'Hob Gay'],
    table: 1,
  });
  const category = (await readTournament(server.url, id)).categories[0]!;
  // One category at the table: its ready matches are pulled in play order (the server lists them so).
  const [first, second, third, fourth] = category.matches.filter((m) => m.status === 'ready');
  const pair = (m: typeof first) => `${m!.a} vs ${m!.b}`;

  await page.goto(`${server.url}/#/tv?tournament=${id}`);
  await expect(nowPulling(page, 1)).toContainText(pair(first));
  await expect(onDeck(page, 1)).toContainText(pair(second));
  await expect(status(page, /^Live$/)).toBeVisible();

  const one = await recordResult(server.url, auth, id, first!.id, { winner: 'A' });
  expect(one.status, JSON.stringify(one.body)).toBe(201);
  await expect(nowPulling(page, 1)).toContainText(pair(second), { timeout: 2000 });
  await expect(onDeck(page, 1)).toContainText(pair(third), { timeout: 2000 });

  // Offline: the data's age, in the shell's own words; a result recorded meanwhile is not there yet.
  await cutConnection(context);
  await expect(status(page, /^Offline: showing data from/)).toBeVisible();
  const two = await recordResult(server.url, auth, id, second!.id, { winner: 'B' });
  expect(two.status, JSON.stringify(two.body)).toBe(201);
  await expect(nowPulling(page, 1)).toContainText(pair(second));
  expect(await axeViolations(page)).toEqual([]);

  // Back: no reload, the screen catches up by itself and follows the live stream again.
  await restoreConnection(context);
  await expect(nowPulling(page, 1)).toContainText(pair(third));
  await expect(status(page, /^Offline/)).toBeHidden();
  await expect(status(page, /^Live$/)).toBeVisible();
  const three = await recordResult(server.url, auth, id, third!.id, { winner: 'A' });
  expect(three.status, JSON.stringify(three.body)).toBe(201);
  await expect(nowPulling(page, 1)).toContainText(pair(fourth), { timeout: 2000 });
  // A long name wraps inside its cell.
  expect([fourth!.a, fourth!.b]).toContain(long);
  const widths = await tableRow(page, 1).evaluate((row) =>
    [...row.querySelectorAll('td')].map((td) => td.scrollWidth - td.clientWidth),
  );
  expect(widths).toEqual([0, 0]);
  await page.screenshot({ path: info.outputPath('tv-1920.png') });
});
