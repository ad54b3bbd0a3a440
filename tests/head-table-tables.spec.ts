import type { TableOverview } from '../src/shared/tournament-contract/table.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import {
  call,
  drawnTournament,
  ok,
  openHeadTable,
  readTournament,
  recordResult,
  tableKey,
  signInAdmin,
} from './support/tournaments.ts';

/**
 * The head table's tables against the real server (its own: these tests write): a category put at a table, the
 * table's link shown as a link and a QR code, the key it holds working until 'Revoke links'; the overview; a
 * conflict between a table device and the head table listed in 'Conflicts' and resolved both ways.
 */
let server: OwnServer;
test.beforeAll(async () => {
  server = await ownServer();
});
test.afterAll(async () => {
  await server.dispose();
});

test('a category put at a table: its link as a link and a QR code, working until Revoke links', async ({ page }) => {
  test.setTimeout(120_000);
  const auth = await signInAdmin(page, server.url);
  const { id, categoryId } = await drawnTournament(server.url, auth, {
    name: 'Tables Open',
    athletes: ['Abel Tarn', 'Bram Tell', 'Cato Vey', 'Dane Wick', 'Ezra Yule', 'Finn Zell'],
  });
  const category = (await readTournament(server.url, id)).categories.find((c) => c.id === categoryId)!;

  await openHeadTable(page, server.url, id);
  const tables = page.getByRole('region', { name: 'Tables', exact: true });
  await expect(tables).toContainText('Put a category at a table to make the table’s link.');
  const form = tables.getByRole('form', { name: `Table of ${category.name}` });
  await expect(form.getByRole('combobox', { name: 'Table' })).toHaveValue('');
  await form.getByRole('combobox', { name: 'Table' }).selectOption({ label: 'Table 3' });
  await form.getByRole('button', { name: 'Save table' }).click();
  await expect(page.getByText(`${category.name}: table saved.`)).toBeVisible();
  expect((await readTournament(server.url, id)).categories[0]!.table).toBe(3);

  const links = tables.getByRole('list', { name: 'Table links' });
  await links.getByRole('button', { name: 'Table link' }).click();
  const link = links.getByRole('link', { name: /#\/table\?key=/ });
  await expect(link).toBeVisible();
  await expect(links.getByRole('img', { name: 'QR code of the link of Table 3' })).toBeVisible();
  await expect(links.getByRole('button', { name: 'Copy link' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The link's key makes a device of Table 3 until the links are revoked.
  const url = (await link.getAttribute('href'))!;
  const key = new URL(url.replace('#/table?', '?')).searchParams.get('key')!;
  expect(await ok<{ table: number }>(server.url, 'GET', '/table', `Table ${key}`)).toMatchObject({ table: 3 });

  await links.getByRole('button', { name: 'Revoke links' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the links of Table 3?' });
  await confirm.getByRole('button', { name: 'Revoke links' }).click();
  await expect(page.getByText('Table 3: links revoked.')).toBeVisible();
  await expect(link).toHaveCount(0);
  expect((await call(server.url, 'GET', '/table', `Table ${key}`)).status).toBe(401);
  const match = category.matches.find((m) => m.status === 'ready')!;
  expect((await recordResult(server.url, `Table ${key}`, id, match.id)).status).toBe(401);
  expect((await readTournament(server.url, id)).categories[0]!.matches.find((m) => m.id === match.id)!.status).toBe(
    'ready',
  );
});

test('the overview: the categories at no table, then each table’s match, queue and device, as they change', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const auth = await signInAdmin(page, server.url);
  const { id, categoryId } = await drawnTournament(server.url, auth, {
    name: 'Overview Open',
    athletes: ['Gil Abbot', 'Hal Birch', 'Ian Crisp', 'Jon Drury', 'Kit Ely', 'Lou Frost'],
  });
  const category = (await readTournament(server.url, id)).categories[0]!;
  await openHeadTable(page, server.url, id);
  const overview = page.getByRole('region', { name: 'Overview', exact: true });
  await expect(overview).toContainText(`Not at a table: ${category.name}`);

  // Put at Table 2 elsewhere (another head table, through the API): the overview follows by itself.
  await ok(server.url, 'PUT', `/admin/tournaments/${id}/categories/${categoryId}`, auth, { table: 2 });
  const card = overview.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Table 2' }) });
  const { tables } = await ok<TableOverview>(server.url, 'GET', `/admin/tournaments/${id}/tables`, auth);
  const current = category.matches.find((m) => m.id === tables[0]!.current)!;
  const queue = tables[0]!.queue;
  await expect(card).toContainText(`Now pulling: ${current.a} v ${current.b} · ${category.name}`);
  await expect(card).toContainText(`${queue} ${queue === 1 ? 'match' : 'matches'} in the queue · no device yet`);
  await expect(overview).not.toContainText('Not at a table');

  // A device at the table, with 2 results waiting in its outbox.
  const key = await tableKey(server.url, auth, id, 2);
  await ok(server.url, 'POST', '/table/status', `Table ${key}`, { waiting: 2, since: new Date().toISOString() });
  // A contact is no change of the tournament: the overview reads it on its own round (every 15 s).
  await expect(card).toContainText('device heard from just now', { timeout: 40_000 });
  await expect(card).toContainText('2 results waiting on the device since');
  expect(await axeViolations(page)).toEqual([]);
});

test('a conflict between a table device and the head table shows both results and is resolved', async ({ page }) => {
  test.setTimeout(120_000);
  const auth = await signInAdmin(page, server.url);
  const { id } = await drawnTournament(server.url, auth, {
    name: 'Conflict Cup',
    athletes: ['Gale Amos', 'Hugo Bain', 'Ivor Cole', 'Jude Dunn'],
    table: 1,
  });
  const key = await tableKey(server.url, auth, id, 1);
  const [first, second] = (await readTournament(server.url, id)).categories[0]!.matches.filter(
    (m) => m.status === 'ready',
  );
  // The device records A for both matches; the head table then sends B for each: the server keeps the first.
  for (const m of [first!, second!]) {
    expect((await recordResult(server.url, `Table ${key}`, id, m.id, { winner: 'A' })).status).toBeLessThan(300);
    expect((await recordResult(server.url, auth, id, m.id, { winner: 'B' })).status).toBe(409);
  }

  await openHeadTable(page, server.url, id);
  await expect(page.getByRole('region', { name: 'Conflicts (2)' })).toBeVisible();
  const conflicts = page.getByRole('region', { name: /^Conflicts \(\d\)$/ });
  const rowOf = (m: typeof first) => conflicts.getByRole('listitem', { name: `Winners’ round 1: ${m!.a} v ${m!.b}` });
  await expect(rowOf(first)).toContainText(`Kept (first)${first!.a} won, Pin`);
  await expect(rowOf(first)).toContainText('Sent by Table 1 at');
  await expect(rowOf(first)).toContainText(`Set aside${first!.b} won, Pin`);
  expect(await axeViolations(page)).toEqual([]);

  // Keep the first: the device's result stays.
  await rowOf(second).getByRole('button', { name: 'Keep the first' }).click();
  await expect(page.getByRole('region', { name: 'Conflicts (1)' })).toBeVisible();

  // Take the other: a correction, previewed by the server, then saved.
  await rowOf(first).getByRole('button', { name: 'Take the other' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct Winners’ round 1' });
  await expect(dialog.getByRole('radio', { name: first!.b! })).toBeChecked();
  await expect(dialog.getByRole('status')).toHaveText('This changes no later match.');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByText('Corrected.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Conflicts/ })).toHaveCount(0);

  const after = (await readTournament(server.url, id)).categories[0]!.matches;
  expect(after.find((m) => m.id === first!.id)).toMatchObject({ status: 'done', winner: 'B' });
  expect(after.find((m) => m.id === second!.id)).toMatchObject({ status: 'done', winner: 'A' });
  expect(
    (await ok<{ conflicts: unknown[] }>(server.url, 'GET', `/admin/tournaments/${id}/conflicts`, auth)).conflicts,
  ).toEqual([]);
});
