import type { SupermatchCard } from '../src/shared/answers/supermatches.ts';
import type { Association } from '../src/shared/association.ts';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';

/**
 * `DEMO_ASSOCIATION=kg npm start` on an empty database: the server writes the kilogram federation's profile and
 * seeds the demo in its classes, and every screen a visitor opens reads the federation and kilograms.
 */
const FEDERATION = 'Baltic Armwrestling Federation';

let server: OwnServer | undefined;
test.afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

test('the kilogram demo: the federation in the top bar and title, kg classes, weights and categories', async ({
  page,
  request,
}) => {
  // Generous: tsx compiles the server and seeds the demo on a busy 2-core machine before it answers.
  test.setTimeout(240_000);
  server = await ownServer({ env: { DEMO_DATA: 'true', DEMO_ASSOCIATION: 'kg' } });
  const api = async <T>(pathname: string) =>
    (await (await request.get(`${server!.url}/api/v1${pathname}`)).json()) as T;
  // The federation's profile, written before the demo as the database's first (version 1).
  expect(await api<Association>('/association')).toMatchObject({ name: FEDERATION, units: 'kg', version: 1 });

  // The leaderboards: the federation's name above them and in the title, its classes as chips.
  await page.goto(`${server.url}/#/leaderboards`);
  await expect(page.getByRole('banner').getByRole('link', { name: FEDERATION, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(FEDERATION);
  const men = page.getByRole('region', { name: 'Men', exact: true });
  for (const chip of ['55 kg', '80 kg', '110 kg', '110+ kg']) {
    await expect(men.getByRole('button', { name: chip, exact: true })).toBeVisible();
  }
  const women = page.getByRole('region', { name: 'Women', exact: true });
  await expect(women.getByRole('button', { name: '80+ kg', exact: true })).toBeVisible();
  for (const region of [men, women]) await expect(region.getByText('lbs')).toHaveCount(0);

  // An athlete's card: the weight class in kilograms.
  const board = await api<Leaderboard>('/leaderboard?sex=M');
  const athlete = board.ranks.RH[0]!.name;
  await page.goto(`${server.url}/#/leaderboards?ath=${encodeURIComponent(athlete)}&div=Men`);
  const card = page.getByRole('dialog', { name: athlete });
  await expect(card.getByText('Weight class', { exact: true })).toBeVisible();
  await expect(card.getByText(`${board.weights[athlete]} kg`, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).click();

  // The published tournament: its categories in kilogram classes and the federation's divisions.
  await page.goto(`${server.url}/#/brackets?tournament=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alytus Harvest Open' })).toBeVisible();
  const categories = page.getByRole('navigation', { name: 'Categories' });
  for (const name of [
    'Men · Right Hand · 80 kg · Amateur',
    'Men · Right Hand · 90 kg · Seniors',
    'Men · Left Hand · 100+ kg · Masters',
    'Women · Right Hand · 65 kg · Amateur',
  ]) {
    await expect(categories.getByRole('link').filter({ hasText: name })).toBeVisible();
  }

  // The featured supermatch card: the weights the demo gave it, in kilograms.
  const cards = await api<{ cards: SupermatchCard[] }>('/supermatches');
  const main = cards.cards.filter((c) => c.featured).sort((a, b) => b.priority - a.priority)[0]!;
  expect(main.weightA).toMatch(/^(\d{2,3}|110\+)$/);
  await page.goto(`${server.url}/#/supermatches`);
  const front = page.locator(`#supermatch-${main.id}`);
  await expect(front.getByText(main.a, { exact: true })).toBeVisible();
  await expect(front.locator('.sm-weight').first()).toHaveText(`${main.weightA} kg`);
});
