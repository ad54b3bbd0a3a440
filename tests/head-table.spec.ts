import type { Tournament, TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import { openHeadTable } from './support/tournaments.ts';

/**
 * The head table (#/head-table) against the real server (its own, since it records results): a ready
 * match of today's demo tournament won by a tap on a name (through the outbox), the result in the public read,
 * then Undo takes it back, then a double no-show (both lose); axe on the panel.
 */
let server: OwnServer;
test.beforeEach(async () => {
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

test('a tap on a name records the winner; Undo takes it back; a double no-show takes both out', async ({ page }) => {
  test.setTimeout(90_000);
  const { tournaments } = await read<{ tournaments: TournamentSummary[] }>('/tournaments');
  const today = await read<Tournament>(`/tournaments/${tournaments.find((t) => !t.published)!.id}`);
  const category = today.categories.find((c) => c.status === 'running' && c.entries.length < 64)!;
  const match = category.matches.find((m) => m.status === 'ready')!;

  await page.goto(`${server.url}/`);
  await signInAs(page, 'Morgan Vance');
  await openHeadTable(page, server.url, today.id);
  await page.getByRole('combobox', { name: 'Category' }).selectOption(String(category.id));
  const desk = page.getByRole('region', { name: category.name });
  await expect(desk.getByRole('list', { name: 'Ready matches' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await desk.getByRole('button', { name: `${match.a} wins` }).click();
  await expect(page.getByText(`${match.a} wins.`)).toBeVisible();
  const after = (await read<Tournament>(`/tournaments/${today.id}`)).categories
    .find((c) => c.id === category.id)!
    .matches.find((m) => m.id === match.id)!;
  expect(after).toMatchObject({ status: 'done', winner: 'A', method: 'pin' });

  await desk.getByRole('button', { name: new RegExp(`^Undo .*${match.a} vs ${match.b}$`) }).click();
  await expect(page.getByText('Result taken back.')).toBeVisible();
  const undone = (await read<Tournament>(`/tournaments/${today.id}`)).categories
    .find((c) => c.id === category.id)!
    .matches.find((m) => m.id === match.id)!;
  expect(undone).toMatchObject({ status: 'ready', winner: null });

  // Neither athlete comes to the table: a double no-show, both lose, told as such where it may be undone.
  await desk.getByRole('button', { name: `Double no-show: neither ${match.a} nor ${match.b} came` }).click();
  await expect(page.getByText('Both lose: double no-show.')).toBeVisible();
  const undoList = desk.getByRole('list', { name: 'Results that may be undone' });
  await expect(undoList.getByText(`${match.a} and ${match.b}: double no-show`)).toBeVisible();
  const both = (await read<Tournament>(`/tournaments/${today.id}`)).categories.find((c) => c.id === category.id)!;
  expect(both.matches.find((m) => m.id === match.id)).toMatchObject({
    status: 'done',
    winner: null,
    method: 'no_show',
    auto: false,
  });
  // Neither is in a match still to pull.
  const later = both.matches.filter((m) => m.status !== 'done');
  expect(later.some((m) => [m.a, m.b].some((n) => n === match.a || n === match.b))).toBe(false);
});

test('@phone a running category’s desk fits a phone: the head table never scrolls sideways', async ({ page }) => {
  test.setTimeout(90_000);
  const { tournaments } = await read<{ tournaments: TournamentSummary[] }>('/tournaments');
  const today = await read<Tournament>(`/tournaments/${tournaments.find((t) => !t.published)!.id}`);
  // The category whose ready matches have the longest names: the widest desk.
  const longest = (c: Tournament['categories'][number]) =>
    Math.max(0, ...c.matches.filter((m) => m.status === 'ready').map((m) => `${m.a}${m.b}`.length));
  const category = today.categories
    .filter((c) => c.status === 'running')
    .reduce((a, b) => (longest(b) > longest(a) ? b : a));

  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Menu' }).click();
  await signInAs(page, 'Morgan Vance');
  await openHeadTable(page, server.url, today.id);
  await page.getByRole('combobox', { name: 'Category' }).selectOption(String(category.id));
  const desk = page.getByRole('region', { name: category.name });
  await expect(desk.getByRole('list', { name: 'Ready matches' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  const winner = desk.getByRole('button', { name: / wins$/ }).first();
  const box = (await winner.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
