import type { Page } from '@playwright/test';
import type { Tournament, TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import { DEFAULT_SETTINGS, type AssociationSettings } from '../src/shared/association.ts';
import { CACHE_NAMES } from '../src/shared/storage-names.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { persistedQueryKeys, waitForWorker } from './support/worker.ts';

/**
 * The app's face follows the association profile with no rebuild and no restart: its name in the top bar and the
 * document's title, its colour in the browser bar, the web app manifest an install reads; and the page kept for
 * offline use is the last one the server made. The profile is changed in the running server's database, through
 * the store an admin's change goes through (tests/support/own-server.ts).
 */

const OLD = DEFAULT_SETTINGS.name;
const BALTIC: AssociationSettings = {
  ...DEFAULT_SETTINGS,
  name: 'Baltic Arm Wrestling Federation',
  short_name: 'Baltic AW',
  region: 'Lithuania',
  theme_color: '#7a1f2b',
};

let server: OwnServer;
test.beforeEach(async () => {
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

/** The top bar's link home, named by the association's name. */
const brand = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });
const menRows = (page: Page) => page.getByRole('region', { name: 'Men', exact: true }).locator('tbody tr');

test("the top bar, the title, the browser bar's colour and the manifest follow a change of the profile", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${server.url}/#/leaderboards`);
  await expect(brand(page, OLD)).toBeVisible();
  await expect(page).toHaveTitle(OLD);
  await expect(menRows(page).first()).toBeVisible();
  await waitForWorker(page);

  server.writeAssociation(BALTIC);
  const navigation = await page.reload();
  // The worker took the page from the server, not the copy it precached when it was installed.
  expect(navigation?.fromServiceWorker()).toBe(true);
  await expect(brand(page, BALTIC.name)).toBeVisible();
  await expect(page).toHaveTitle(BALTIC.name);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7a1f2b');
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Baltic AW');
  await expect(menRows(page).first()).toBeVisible();
  await expect(brand(page, OLD)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // What a browser reads to install the app, or to update an installed one.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await page.request.get(new URL(href!, page.url()).href);
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({
    name: BALTIC.name,
    short_name: 'Baltic AW',
    theme_color: '#7a1f2b',
    background_color: '#7a1f2b',
    icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512', purpose: 'maskable' })]),
  });

  // Offline, the page opens as the server last made it, with the new name (not the one precached at install).
  await expect
    .poll(() =>
      page.evaluate(
        async (cacheName) => (await (await caches.open(cacheName)).match('/index.html'))?.text(),
        CACHE_NAMES.pages,
      ),
    )
    .toContain(`<title>${BALTIC.name}</title>`);
  await expect.poll(() => persistedQueryKeys(page)).toEqual(expect.arrayContaining(['["leaderboard","M"]']));
  await server.kill();
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(brand(page, BALTIC.name)).toBeVisible();
  await expect(page).toHaveTitle(BALTIC.name);
  await expect(menRows(page).first()).toBeVisible();
});

test('an open page shows a new name once its read of the profile is refreshed, with no reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.url}/#/leaderboards`);
  await waitForWorker(page);
  await page.reload();
  await expect(brand(page, OLD)).toBeVisible();
  // The profile was read once the rows were up, and kept.
  await expect.poll(() => persistedQueryKeys(page)).toEqual(expect.arrayContaining(['["association"]']));

  server.writeAssociation(BALTIC);
  // Any read of the profile through the worker answers from its copy and asks the server behind it; the changed
  // answer makes the page read the profile again.
  await page.evaluate(() => fetch('/api/v1/association?t=1'));
  await expect(brand(page, BALTIC.name)).toBeVisible();
  await expect(page).toHaveTitle(BALTIC.name);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7a1f2b');
});

test("the tournament's categories follow a change to kilograms: a drawn one keeps its class and says so, an open one moves", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const read = async <T>(path: string) => (await (await fetch(`${server.url}/api/v1${path}`)).json()) as T;
  const { tournaments } = await read<{ tournaments: TournamentSummary[] }>('/tournaments');
  const today = await read<Tournament>(`/tournaments/${tournaments.find((t) => !t.published)!.id}`);
  const drawn = today.categories.find((c) => c.status === 'running')!;
  const open = today.categories.find((c) => c.status === 'not_drawn')!;
  expect(drawn.units).toBe('lbs');

  server.writeAssociation({
    ...BALTIC,
    units: 'kg',
    classes: {
      M: ['55', '60', '65', '70', '75', '80', '85', '90', '100', '110', '110+'],
      F: ['50', '55', '60', '65', '70', '80', '80+'],
    },
    talent_categories: [],
  });
  await page.goto(`${server.url}/#/brackets?tournament=${today.id}&category=${drawn.id}`);
  const drawnSection = page.getByRole('region', { name: drawn.name });
  await expect(
    drawnSection.getByText(`Drawn before the association changed its classes: it keeps ${drawn.weight_class} lbs.`),
  ).toBeVisible();

  // The open category is in kilograms now: its old limit's class (e.g. 198 lbs, 89.8 kg: 90 kg).
  const moved = (await read<Tournament>(`/tournaments/${today.id}`)).categories.find((c) => c.id === open.id)!;
  expect(moved).toMatchObject({ units: 'kg', kept_class: false });
  await page.goto(`${server.url}/#/brackets?tournament=${today.id}&category=${open.id}`);
  const openSection = page.getByRole('region', { name: moved.name });
  await expect(openSection.getByRole('heading', { name: moved.name })).toBeVisible();
  expect(moved.name).toMatch(/ kg · /);
  await expect(openSection.getByText('Drawn before the association changed its classes', { exact: false })).toHaveCount(
    0,
  );
});
