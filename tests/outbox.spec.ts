import type { Leaderboard } from '../src/shared/rankings.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { backToForeground, waitForWorker } from './support/worker.ts';
import { formPanel } from './support/form-panel.ts';

/**
 * A supermatch result typed in while the server is down is kept on the device
 * through a reload and a closed page, and reaches the server exactly once,
 * with the same content, when it is back.
 */
const SAVED = 'Saved on this device. It will be sent when the connection returns.';
const SENT = 'Supermatch submitted successfully!';

let server: OwnServer;
test.beforeEach(async () => {
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

interface Row {
  a_name: string;
  b_name: string;
  hand: string;
  winner: string;
  score: string;
  location: string;
  submitter: string;
  status: string;
}

test('a supermatch submitted with the server down arrives once, after a reload and a closed page', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const men = (await (await fetch(`${server.url}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
  const [a, b] = [men.ranks.RH[2]!.name, men.ranks.RH[3]!.name];
  const context = await browser.newContext();
  let page = await context.newPage();
  await page.goto(server.url);
  await waitForWorker(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Men', exact: true }).locator('tbody tr')).toHaveCount(10);

  const form = await formPanel(page, 'Submit Supermatch Result');
  await server.kill();
  await form.getByRole('combobox', { name: 'Competitor A', exact: true }).fill(a);
  await form.getByRole('combobox', { name: 'Competitor B', exact: true }).fill(b);
  await form.getByRole('radio', { name: 'Right' }).check();
  await form.getByRole('radio', { name: `B: ${b}` }).check();
  await form.getByLabel('Score', { exact: true }).fill('3-1');
  await form.getByLabel('Location', { exact: true }).fill('Harbor Gym');
  await form.getByLabel('Your name', { exact: true }).fill('Outbox Tester');
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Waiting to send (1)' }).click();
  const list = page.getByRole('dialog', { name: 'Submissions on this device' });
  await expect(list.getByText(`${a} vs ${b}`)).toBeVisible();
  await expect(list.getByText('Waiting', { exact: true })).toBeVisible();
  await page.close();

  page = await context.newPage();
  await page.goto(server.url);
  await expect(page.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();
  expect(server.query<Row>('SELECT * FROM supermatch_submissions WHERE a_name = ? AND b_name = ?', [a, b])).toEqual([]);

  await server.start();
  await backToForeground(page);
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
  const rows = server.query<Row>('SELECT * FROM supermatch_submissions WHERE a_name = ? AND b_name = ?', [a, b]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    a_name: a,
    b_name: b,
    hand: 'RH',
    winner: 'B',
    score: '3-1',
    location: 'Harbor Gym',
    submitter: 'Outbox Tester',
    status: 'pending',
  });

  // Nothing is sent twice: another visit and another check change nothing.
  await page.reload();
  await backToForeground(page);
  await expect(page.getByRole('region', { name: 'Men', exact: true }).locator('tbody tr')).toHaveCount(10);
  expect(
    server.query<Row>('SELECT * FROM supermatch_submissions WHERE a_name = ? AND b_name = ?', [a, b]),
  ).toHaveLength(1);
  await context.close();
});

test('a refused submission stays in the list with the reason; Edit brings it back to the form to correct and send', async ({
  browser,
}) => {
  const men = (await (await fetch(`${server.url}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
  const [a, b] = [men.ranks.LH[0]!.name, men.ranks.LH[1]!.name];
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  // The server refuses the first try (as it would a body it cannot accept).
  await context.route(
    '**/api/v1/supermatch-submissions',
    (route) =>
      route.fulfill({ status: 400, json: { error: { code: 'invalid_input', message: 'The location is not known.' } } }),
    { times: 1 },
  );
  const form = await formPanel(page, 'Submit Supermatch Result');
  await form.getByRole('combobox', { name: 'Competitor A', exact: true }).fill(a);
  await form.getByRole('combobox', { name: 'Competitor B', exact: true }).fill(b);
  await form.getByRole('radio', { name: 'Left' }).check();
  await form.getByRole('radio', { name: `A: ${a}` }).check();
  await form.getByLabel('Location', { exact: true }).fill('Nowhere');
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Failed to submit supermatch. Please try again later.')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Waiting to send (1)' }).click();
  const list = page.getByRole('dialog', { name: 'Submissions on this device' });
  await expect(list.getByText('Failed', { exact: true })).toBeVisible();
  await expect(list.getByText(/The location is not known\./)).toBeVisible();
  await list.getByRole('button', { name: 'Edit' }).click();
  await expect(list).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Competitor A', exact: true })).toHaveValue(a);
  await expect(form.getByRole('radio', { name: `A: ${a}` })).toBeChecked();
  await expect(form.getByLabel('Location', { exact: true })).toHaveValue('Nowhere');
  await form.getByLabel('Location', { exact: true }).fill('Harbor Gym');
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
  expect(
    server
      .query<Row>('SELECT * FROM supermatch_submissions WHERE a_name = ? AND b_name = ?', [a, b])
      .map((r) => [r.a_name, r.location]),
  ).toEqual([[a, 'Harbor Gym']]);
  await context.close();
});
