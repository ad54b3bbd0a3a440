import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import type { Leaderboard } from '../src/shared/rankings.ts';
import type { SupermatchList } from '../src/shared/answers/supermatches.ts';

/**
 * Scheduled supermatch cards on the admin screen against the real server: an
 * admin schedules a card, a visitor sees it upcoming, the admin records the
 * wins, and the card turns past while the ratings move. Data changes, so
 * each test runs on a server of its own.
 */

let server: OwnServer;
test.beforeEach(async () => {
  test.setTimeout(120_000);
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

const panel = (page: Page) => page.getByRole('region', { name: /^Scheduled Supermatches/ });

async function menBoard(): Promise<Leaderboard> {
  return (await (await fetch(`${server.url}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
}

async function publicCards(): Promise<SupermatchList> {
  return (await (await fetch(`${server.url}/api/v1/supermatches`)).json()) as SupermatchList;
}

/** Types a name into an athlete field and picks it from the suggestions. */
async function pickAthlete(page: Page, label: string, name: string) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).first().click();
}

test('an admin schedules a card, visitors see it upcoming, recording the wins rates it and makes it past', async ({
  page,
}) => {
  const board = await menBoard();
  // Two men far down the right-hand board, so the result certainly moves both.
  const [a, b] = board.ranks.RH.slice(-2).map((r) => r.name) as [string, string];
  const before = { a: board.cons_now.RH[a]!, b: board.cons_now.RH[b]! };

  await page.goto(`${server.url}/`);
  await signInAs(page, 'Morgan Vance');
  await page.goto(`${server.url}/#/admin`);
  await panel(page)
    .getByRole('button', { name: /^Scheduled Supermatches/ })
    .click();
  await panel(page).getByRole('button', { name: 'New card' }).click();

  const editor = page.getByRole('dialog', { name: 'New card' });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Enter athlete A.')).toBeVisible(); // nothing sent while the form is incomplete

  await pickAthlete(page, 'Athlete A', a);
  await pickAthlete(page, 'Athlete B', b);
  await editor.getByLabel('Date').fill('2030-06-15');
  await editor.getByLabel('Start time').fill('19:30');
  await editor.getByLabel('Location').fill('Iron Barn Gym');
  await editor.getByLabel('Weight A').fill('abc');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText("Enter pounds or a class like '243+'.")).toBeVisible();
  await editor.getByLabel('Weight A').fill('198');
  await editor.getByLabel('Featured on the home screen').check();
  expect(await axeViolations(page)).toEqual([]);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);

  const row = panel(page)
    .getByRole('listitem')
    .filter({ hasText: `${a} vs ${b}` });
  await expect(row).toContainText('Jun 15, 2030');
  const scheduled = (await publicCards()).cards.find((c) => c.a === a && c.b === b)!;
  expect(scheduled).toMatchObject({
    date: '2030-06-15',
    startTime: '19:30',
    location: 'Iron Barn Gym',
    weightA: '198',
  });
  expect(scheduled.aWins).toBeNull();

  await row.getByRole('button', { name: `Record result of ${a} vs ${b}` }).click();
  const record = page.getByRole('dialog', { name: `${a} vs ${b}` });
  await record.getByLabel(`Wins of ${a}`).fill('3');
  await record.getByLabel(`Wins of ${b}`).fill('3');
  await record.getByRole('button', { name: 'Save result' }).click();
  await expect(record.getByRole('alert')).toHaveText('A supermatch has a winner.');
  await record.getByLabel(`Wins of ${b}`).fill('1');
  await record.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByText(/^Result saved and rated:/)).toBeVisible();
  await expect(row).toContainText('Result 3-1');
  await expect(row.getByRole('button', { name: /^Record result/ })).toHaveCount(0);

  const past = (await publicCards()).cards.find((c) => c.id === scheduled.id)!;
  expect([past.aWins, past.bWins]).toEqual([3, 1]);
  const after = await menBoard();
  expect(after.cons_now.RH[a]).toBeGreaterThan(before.a);
  expect(after.cons_now.RH[b]).toBeLessThan(before.b);
});

test('deleting a card asks first and removes it from the page', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await signInAs(page, 'Morgan Vance');
  await page.goto(`${server.url}/#/admin`);
  await panel(page)
    .getByRole('button', { name: /^Scheduled Supermatches/ })
    .click();
  const first = panel(page).getByRole('listitem').first();
  await expect(first).toBeVisible(); // the demo's cards
  const title = (await first.locator('strong').innerText()).trim();
  const count = (await publicCards()).cards.length;
  await first.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this card?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await publicCards()).cards.length).toBe(count);
  await first.getByRole('button', { name: `Delete ${title}` }).click();
  await confirm.getByRole('button', { name: 'Delete card' }).click();
  await expect(page.getByText('Card deleted.')).toBeVisible();
  await expect(panel(page).getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  expect((await publicCards()).cards.length).toBe(count - 1);
});
