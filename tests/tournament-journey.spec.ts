import type { Tournament, TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../src/shared/tournament-contract/category.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import { addCategory } from './support/tournaments.ts';

/**
 * A tournament from the head table to the product, on a server of its own (it writes ratings): an admin makes a
 * tournament and a category, enters nine new athletes with their weigh-ins (one over the limit is refused), draws,
 * records every match to the end (one by fouls, one a no-show), and publishes; a visitor then sees the placings on
 * the brackets page, the gold medal on the winner's card and the winner rated on the leaderboards.
 */
let server: OwnServer;
test.beforeAll(async () => {
  server = await ownServer();
});
test.afterAll(async () => {
  await server.dispose();
});

const TOURNAMENT = 'Journey Open';
const CATEGORY = 'Men · Right Hand · 198 lbs · Amateur';
const ATHLETES = [
  'Quill Ashby',
  'Rowan Beck',
  'Soren Cade',
  'Tobin Drake',
  'Ulric Eames',
  'Vance Fry',
  'Wade Gale',
  'Xander Hale',
  'Yates Irwin',
];

async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

async function category(): Promise<{ tournament: Tournament; category: TournamentCategory }> {
  const { tournaments } = await read<{ tournaments: TournamentSummary[] }>('/tournaments');
  const tournament = await read<Tournament>(`/tournaments/${tournaments.find((t) => t.name === TOURNAMENT)!.id}`);
  return { tournament, category: tournament.categories.find((c) => c.name === CATEGORY)! };
}

test('an admin runs a tournament to the end and publishes it; a visitor sees placings, the medal and the rating', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto(`${server.url}/`);
  await signInAs(page, 'Morgan Vance');
  await page.goto(`${server.url}/#/head-table`);

  // A new tournament for an event, and its category.
  await page.getByRole('button', { name: 'New tournament' }).click();
  await page.getByRole('combobox', { name: 'Event' }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Name' }).fill(TOURNAMENT);
  await page.getByRole('button', { name: 'Create tournament' }).click();
  // The new tournament's own head table, by its address.
  await expect(page.getByRole('heading', { level: 1, name: TOURNAMENT })).toBeVisible();
  await expect(page).toHaveURL(/#\/head-table\?tournament=\d+$/);
  await addCategory(page, { sex: 'Men', hand: 'Right Hand', weightClass: '198 lbs', division: 'Amateur' });
  await expect(page.getByText(`${CATEGORY} added.`)).toBeVisible();
  // The new category is the one chosen.
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(/\d+/);
  const desk = page.getByRole('region', { name: CATEGORY });

  // Nine new athletes with their weights; the last one first comes in over the limit.
  const enter = desk.getByRole('form', { name: 'Enter an athlete' });
  for (const [i, name] of ATHLETES.entries()) {
    await enter.getByRole('combobox', { name: 'Athlete' }).fill(name);
    await enter.getByRole('radio', { name: 'Men', exact: true }).check();
    const weight = enter.getByRole('textbox', { name: 'Weight', exact: true });
    if (i === ATHLETES.length - 1) {
      await weight.fill('205');
      await enter.getByRole('button', { name: 'Enter athlete' }).click();
      await expect(enter.getByText('Over the limit: 205 lbs in 198 lbs.')).toBeVisible();
    }
    await weight.fill(String(180 + i));
    await enter.getByRole('button', { name: 'Enter athlete' }).click();
    await expect(desk.getByRole('form', { name: `Weigh-in of ${name}` })).toBeVisible();
  }
  expect((await category()).category.entries).toHaveLength(9);

  await desk.getByRole('form', { name: 'Draw' }).getByRole('button', { name: 'Draw' }).click();
  await expect(page.getByText('Drawn.')).toBeVisible();

  // Every match to the end: a tap on the first athlete's name; the first by fouls, the second a no-show.
  const ready = desk.getByRole('list', { name: 'Ready matches' });
  let recorded = 0;
  for (;;) {
    const state = (await category()).category;
    if (state.status === 'finished') break;
    expect(recorded).toBeLessThan(17);
    const match = ready.getByRole('listitem').first();
    const which = (await match.locator('legend').textContent())!;
    const winner = match.getByRole('button', { name: / wins$/ }).first();
    const loserName = (
      (await match
        .getByRole('button', { name: / wins$/ })
        .nth(1)
        .getAttribute('aria-label')) ?? ''
    ).replace(/ wins$/, '');
    if (recorded === 0) {
      await match.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Fouls' });
      await match.getByRole('textbox', { name: `Fouls, ${loserName}` }).fill('2');
    } else if (recorded === 1) {
      await match.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'No-show' });
    }
    await winner.click();
    recorded++;
    // What the person at the table sees: the match leaves the ready list (the next tap is on the next match).
    await expect(ready.getByRole('group', { name: which, exact: true })).toHaveCount(0);
    await expect
      .poll(async () => (await category()).category.matches.filter((m) => m.status === 'done' && !m.auto).length)
      .toBeGreaterThanOrEqual(recorded);
  }
  const finished = (await category()).category;
  expect(finished.matches.filter((m) => m.method === 'fouls')).toHaveLength(1);
  expect(finished.matches.filter((m) => m.method === 'no_show')).toHaveLength(1);
  const champion = finished.placings.find((p) => p.place === 1)!.name;

  await desk.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published.')).toBeVisible();
  await expect.poll(async () => (await category()).category.status).toBe('published');

  // A visitor: the placings, the champion's gold medal on their card, and the champion on the leaderboard.
  const { tournament, category: published } = await category();
  const visitor = await browser.newPage();
  await visitor.goto(`${server.url}/#/brackets?tournament=${tournament.id}&category=${published.id}`);
  const placings = visitor.getByRole('region', { name: 'Placings' });
  await expect(placings.getByRole('listitem').filter({ hasText: '1st' })).toContainText(champion);
  await expect(placings.getByRole('listitem').filter({ hasText: '2nd' })).toBeVisible();

  await visitor.goto(`${server.url}/#/leaderboards?ath=${encodeURIComponent(champion)}&div=Men`);
  const card = visitor.getByRole('dialog', { name: champion });
  await expect(card.getByRole('img', { name: new RegExp(`^1st .*${TOURNAMENT}$`) })).toBeVisible();
  const board = await read<{ ranks: { RH: { name: string }[] } }>('/leaderboard?sex=M');
  expect(board.ranks.RH.map((r) => r.name)).toContain(champion);
  await visitor.close();
});
