import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { drawnTournament, readTournament, recordResult, signInAdmin } from './support/tournaments.ts';

/**
 * The brackets page live, against the real server: a spectator's open bracket shows a result recorded elsewhere
 * (through the API) without a reload, and 'Find an athlete' says where an athlete stands at their table, moving
 * on by itself as the table pulls.
 */
let server: OwnServer;
test.beforeAll(async () => {
  server = await ownServer();
});
test.afterAll(async () => {
  await server.dispose();
});

test('an open bracket and Find an athlete follow the results as they are recorded', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const auth = await signInAdmin(page, server.url);
  const { id, categoryId } = await drawnTournament(server.url, auth, {
    name: 'Live Invitational',
    athletes: ['Tad Ames', 'Uri Bell', 'Vic Carr', 'Wes Dow', 'Xan Eck', 'Yul Fox', 'Zed Gay', 'Ari Hunt'],
    table: 2,
  });
  const category = (await readTournament(server.url, id)).categories[0]!;
  // One category at the table: its ready matches are pulled in play order (the server lists them so).
  const [now, next, third] = category.matches.filter((m) => m.status === 'ready');

  // A visitor of their own (not the signed-in admin's context).
  const context = await browser.newContext();
  const spectator = await context.newPage();
  await spectator.goto(`${server.url}/#/brackets?tournament=${id}&category=${categoryId}`);
  await expect(spectator.getByRole('heading', { name: category.name })).toBeVisible();
  const find = spectator.getByRole('combobox', { name: 'Find an athlete' });
  await find.fill(next!.a!);
  const finds = spectator.getByRole('list', { name: `${next!.a} in this tournament` });
  await expect(finds).toHaveText(`${category.name}: Table 2 · on deck`);
  await find.fill(third!.b!);
  await expect(spectator.getByRole('list', { name: `${third!.b} in this tournament` })).toHaveText(
    `${category.name}: Table 2 · in the hole`,
  );
  await find.fill(next!.a!);
  expect(await axeViolations(spectator)).toEqual([]);

  // A result recorded elsewhere: the open page shows it without a reload, and the athlete moves up the queue.
  await spectator.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const recorded = await recordResult(server.url, auth, id, now!.id, { winner: 'B' });
  expect(recorded.status, JSON.stringify(recorded.body)).toBeLessThan(300);
  await expect(spectator.getByText(`${now!.b} (winner)`)).toBeVisible();
  await expect(finds).toHaveText(`${category.name}: Table 2 · now pulling`);
  expect(await spectator.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await context.close();
});
