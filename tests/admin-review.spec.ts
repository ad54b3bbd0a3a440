import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { DEMO_PENDING_RESULTS } from '../src/server/demo/submissions.ts';
import { formPanel } from './support/form-panel.ts';

/**
 * The admin screen's review queues against the real server: a result sent
 * with the home page's form, approved and denied by the admin, moves the
 * leaderboards and moves them back; a failed or overtaken decision says so;
 * the accounts queue verifies an athlete's claim. Every test changes data,
 * so each runs on a server of its own (fresh demo database).
 */

const FAILED = 'Failed to update status. Please try again.';
const ADMIN = 'Morgan Vance';
const ADMIN_EMAIL = 'admin@demo.armwrestling.test';

let server: OwnServer;
test.beforeEach(async () => {
  test.setTimeout(120_000);
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

const supermatchPanel = (page: Page) => page.getByRole('region', { name: /^Supermatches/ });
const accountsPanel = (page: Page) => page.getByRole('region', { name: /^Accounts/ });
const statusChip = (dialog: Locator) => dialog.locator('.review-status').first();

async function menBoard(): Promise<Leaderboard> {
  const res = await fetch(`${server.url}/api/v1/leaderboard?sex=M`);
  return (await res.json()) as Leaderboard;
}

/** A pending supermatch result, sent to the API as the home page's outbox sends it. */
async function seedSupermatch(body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/v1/supermatch-submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ hand: 'RH', winner: 'A', submitter: 'Anonymous', source: 'web', ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Signs the admin in on this page and opens the admin screen. */
async function adminScreen(admin: Page): Promise<Page> {
  await admin.goto(`${server.url}/`);
  await signInAs(admin, ADMIN);
  await admin.goto(`${server.url}/#/admin`);
  await expect(admin.getByRole('heading', { name: 'Verify Submissions' })).toBeVisible();
  return admin;
}

/** A browser of the admin's own (beside the visitor's page), on the admin screen. */
async function openAdmin(browser: Browser): Promise<Page> {
  return adminScreen(await (await browser.newContext()).newPage());
}

/** The RH column of the men's board, top to bottom, as the page shows it (all rows). */
async function rightHandOrder(page: Page): Promise<string[]> {
  const board = page.getByRole('region', { name: 'Men', exact: true });
  const showAll = board.getByRole('button', { name: /^Show all/ });
  await expect(board.locator('tbody tr').first()).toBeVisible();
  if (await showAll.isVisible()) await showAll.click();
  return board.locator('tbody .col-rh .cell-front').allTextContents();
}

/** The skill the board shows when the athlete's right-hand cell is flipped. */
async function shownSkill(page: Page, name: string): Promise<string> {
  const board = page.getByRole('region', { name: 'Men', exact: true });
  await board.locator('.col-rh').getByRole('button', { name, exact: true }).click();
  const back = board.getByRole('button', { name: `${name}: skill and medals` });
  await expect(back).toBeVisible();
  const text = (await back.textContent()) ?? '';
  return /-?\d+\.\d/.exec(text)?.[0] ?? '';
}

test('a result from the home page form, approved: the board moves; denied: it moves back', async ({
  page,
  browser,
}, testInfo) => {
  const men = await menBoard();
  const ranks = men.ranks.RH.map((r) => r.name);
  // The last on the right-hand board beats the first, 5-0: a sweep that must lift them.
  const winner = ranks[ranks.length - 1]!;
  const loser = ranks[0]!;
  const skillBefore = men.cons_now.RH[winner]!.toFixed(1);

  await page.goto(`${server.url}/`);
  const orderBefore = await rightHandOrder(page);
  expect(orderBefore.indexOf(winner)).toBe(ranks.length - 1);

  const form = await formPanel(page, 'Submit Supermatch Result');
  for (const [label, name] of [
    ['Competitor A', winner],
    ['Competitor B', loser],
  ] as const) {
    const box = form.getByRole('combobox', { name: label, exact: true });
    await box.fill(name);
    await form.getByRole('option', { name, exact: true }).click();
  }
  await form.getByRole('radio', { name: 'Right' }).check();
  await form.getByRole('radio', { name: `A: ${winner}` }).check();
  await form.getByLabel('Score', { exact: true }).fill('5-0');
  await form.getByLabel('Location', { exact: true }).fill('Review Gym');
  await form.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Supermatch submitted successfully!')).toBeVisible();

  const admin = await openAdmin(browser);
  const panel = supermatchPanel(admin);
  await expect(panel.getByRole('button', { name: /^Supermatches/ })).toContainText(
    `${DEMO_PENDING_RESULTS + 1} pending`,
  );
  await expect(panel.getByRole('button', { name: /^Pending/ })).toHaveAttribute('aria-pressed', 'true');
  const row = panel.getByRole('row').filter({ hasText: `${winner} vs ${loser}` });
  await expect(row).toContainText('Right Hand');
  await expect(row).toContainText('5-0');
  await expect(row).toContainText('Anonymous');
  await expect(row.getByRole('img', { name: 'Anonymous' })).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('desktop-queue.png') });
  await row.click();

  const dialog = admin.getByRole('dialog', { name: `${winner} vs ${loser}` });
  await expect(dialog).toBeVisible();
  await expect(statusChip(dialog)).toHaveText('Pending');
  await expect(dialog.getByRole('region', { name: 'Reported Result' })).toContainText('Review Gym');
  await expect(dialog.getByRole('region', { name: 'Decision' })).toHaveCount(0);
  expect(await axeViolations(admin)).toEqual([]);

  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(statusChip(dialog)).toHaveText('Approved');
  const effects = dialog.getByRole('region', { name: 'Rating Effects' });
  const winnerEffect = effects.getByRole('row', { name: new RegExp(winner) });
  await expect(winnerEffect).toContainText(`${skillBefore} → to`);
  const skillAfter = /to\s+(-?\d+\.\d)/.exec((await winnerEffect.textContent()) ?? '')?.[1];
  expect(skillAfter).toBeTruthy();
  expect(Number(skillAfter)).toBeGreaterThan(Number(skillBefore));
  await expect(dialog.getByRole('region', { name: 'Decision' })).toContainText(ADMIN_EMAIL);
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot({ path: testInfo.outputPath('desktop-approved-modal.png') });

  // The visitor's board after a reload: the winner climbed and shows the new skill.
  await page.reload();
  await expect(async () => {
    const order = await rightHandOrder(page);
    expect(order.indexOf(winner)).toBeLessThan(orderBefore.indexOf(winner));
  }).toPass();
  expect(await shownSkill(page, winner)).toBe(skillAfter);

  // Denied after all: the result comes out of the ratings and the board is as before.
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(statusChip(dialog)).toHaveText('Denied');
  await expect(dialog.getByRole('region', { name: 'Decision' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByRole('button', { name: /^Denied/ })).toContainText('1');
  await page.reload();
  await expect(async () => {
    expect(await rightHandOrder(page)).toEqual(orderBefore);
  }).toPass();
  expect(await shownSkill(page, winner)).toBe(skillBefore);
});

test('a failed status change says so and keeps the old status; the keyboard opens and closes rows', async ({
  browser,
}) => {
  const men = await menBoard();
  const [a, b, c] = men.ranks.LH.map((r) => r.name);
  await seedSupermatch({ a, b, hand: 'LH', score: '3-2', location: 'First Gym' });
  await seedSupermatch({ a: b, b: c, hand: 'LH', location: 'Second Gym' });
  const admin = await openAdmin(browser);
  const panel = supermatchPanel(admin);
  await expect(panel.getByRole('button', { name: /^Supermatches/ })).toContainText(
    `${DEMO_PENDING_RESULTS + 2} pending`,
  );

  // Keyboard: Tab reaches the rows once, j/ArrowDown move, Enter opens, Escape closes back to the row.
  const newest = panel.getByRole('button', { name: `${b} vs ${c}` });
  const older = panel.getByRole('button', { name: `${a} vs ${b}` });
  await newest.focus();
  await admin.keyboard.press('j');
  await expect(older).toBeFocused();
  await admin.keyboard.press('ArrowUp');
  await expect(newest).toBeFocused();
  await admin.keyboard.press('ArrowDown');
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog', { name: `${a} vs ${b}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Left Hand');
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(older).toBeFocused();

  await admin.route('**/api/v1/admin/supermatches/*/status', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"internal","message":"x"}}',
    }),
  );
  await admin.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText(FAILED)).toBeVisible();
  await expect(statusChip(dialog)).toHaveText('Pending');
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Deny' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByRole('button', { name: /^Supermatches/ })).toContainText(
    `${DEMO_PENDING_RESULTS + 2} pending`,
  );
  await expect(older).toBeVisible();
});

test('decided by someone else meanwhile: the server says who, and the modal shows the new state', async ({
  browser,
}) => {
  const men = await menBoard();
  const [a, b] = men.ranks.RH.map((r) => r.name);
  await seedSupermatch({ a, b, location: 'Race Gym' });
  const admin = await openAdmin(browser);
  const panel = supermatchPanel(admin);
  await panel.getByRole('button', { name: `${a} vs ${b}` }).click();
  const dialog = admin.getByRole('dialog', { name: `${a} vs ${b}` });
  await expect(statusChip(dialog)).toHaveText('Pending');

  // Another tab of an admin denies it while this modal is open.
  const status = await admin.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
    const headers = { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' };
    const list = (await (await fetch('/api/v1/admin/supermatches?status=pending', { headers })).json()) as {
      supermatches: { id: number }[];
    };
    const res = await fetch(`/api/v1/admin/supermatches/${list.supermatches[0]!.id}/status`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ status: 'denied', expected_status: 'pending' }),
    });
    return res.status;
  });
  expect(status).toBe(200);

  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText(`denied by ${ADMIN_EMAIL} while you were looking`)).toBeVisible();
  await expect(statusChip(dialog)).toHaveText('Denied');
  await expect(dialog.getByRole('button', { name: 'Deny' })).toBeDisabled();
});

test('the accounts queue verifies a claim made on the account page; the account then shows Verified', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto(`${server.url}/`);
  await signInAs(page, 'Jordan Reyes');
  const profile = page.getByRole('button', { name: /^Profile/ });
  await expect(profile).toContainText('Action needed');
  const field = page.getByRole('combobox', { name: 'Name on leaderboards' });
  await field.pressSequentially('Jordan Re');
  await page.getByRole('option', { name: 'Jordan Reyes', exact: true }).click();
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await page.getByRole('dialog', { name: 'Confirm your name' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(profile).toContainText('Pending approval');

  const admin = await openAdmin(browser);
  const panel = accountsPanel(admin);
  await expect(panel.getByRole('button', { name: /^Accounts/ })).toContainText('1 pending');
  const row = panel.getByRole('row').filter({ hasText: 'Jordan Reyes' });
  await expect(row).toContainText('athlete@demo.armwrestling.test');
  await expect(row).toContainText(/ID: \d+/);
  await row.click();

  const dialog = admin.getByRole('dialog', { name: 'Verify Jordan Reyes' });
  await expect(dialog).toContainText('Claim by Jordan Reyes (athlete@demo.armwrestling.test)');
  await expect(statusChip(dialog)).toHaveText('Pending');
  const details = dialog.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Hidden');
  await details.getByRole('button', { name: 'Reveal IP address' }).click();
  await expect(details).toContainText(/\d+\.\d+\.\d+\.\d+|::1|::ffff/);
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot({ path: testInfo.outputPath('desktop-account-modal.png') });

  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(statusChip(dialog)).toHaveText('Approved');
  await expect(dialog.getByRole('region', { name: 'Decision' })).toContainText(ADMIN_EMAIL);
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByRole('button', { name: /^Accounts/ })).toContainText('0 pending');
  await expect(panel.getByText('No account claims waiting for review.')).toBeVisible();

  await page.reload();
  await expect(profile).toContainText('Verified');
  await expect(page.getByText('Your name has been approved and is now locked.')).toBeVisible();
});

test('a new name asks for the athlete’s sex before Approve; axe finds nothing with it open', async ({
  browser,
}, testInfo) => {
  const men = await menBoard();
  const known = men.ranks.RH[0]!.name;
  await seedSupermatch({ a: 'Newcomer Quill', b: known, location: 'New Gym' });
  const admin = await openAdmin(browser);
  await supermatchPanel(admin)
    .getByRole('button', { name: `Newcomer Quill vs ${known}` })
    .click();
  const dialog = admin.getByRole('dialog', { name: `Newcomer Quill vs ${known}` });
  const group = dialog.getByRole('group', { name: 'New athlete: Newcomer Quill' });
  await expect(group).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot({ path: testInfo.outputPath('desktop-new-name-modal.png') });

  await group.getByRole('radio', { name: 'Men', exact: true }).check();
  await group.getByLabel('Weight (optional)').fill('187');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(statusChip(dialog)).toHaveText('Approved');
  await expect(group).toHaveCount(0);
  await expect(
    dialog.getByRole('region', { name: 'Rating Effects' }).getByRole('row', { name: /Newcomer Quill/ }),
  ).toContainText('Not rated → to');
  // The new athlete is on the men's board now.
  await expect(async () => {
    const board = await menBoard();
    expect(board.ranks.RH.map((r) => r.name)).toContain('Newcomer Quill');
  }).toPass();
});

test('@phone the queue reads as cards on a phone and its modal fits the screen', async ({ page }, testInfo) => {
  const men = await menBoard();
  const [a, b, c] = men.ranks.RH.map((r) => r.name);
  await seedSupermatch({ a, b, location: 'Phone Gym', weight_a: 198, weight_b: 220, notes: 'Close first round.' });
  await seedSupermatch({ a: c, b: a, hand: 'LH', score: '3-2' });
  const admin = await adminScreen(page);
  const width = page.viewportSize()!.width;
  const panel = supermatchPanel(admin);
  const row = panel.getByRole('row').filter({ hasText: `${a} vs ${b}` });
  await expect(row).toBeVisible();
  const fits = () => admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await admin.screenshot({ path: testInfo.outputPath('phone-queue.png'), fullPage: true });

  await row.click();
  const dialog = admin.getByRole('dialog', { name: `${a} vs ${b}` });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeInViewport();
  await admin.screenshot({ path: testInfo.outputPath('phone-modal.png') });
  expect(await axeViolations(admin)).toEqual([]);
});
