import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { AnalyticsSummary } from '../src/shared/events.ts';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { formPanel } from './support/form-panel.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';

/**
 * The admin screen's tools: signing in from the Admins Only panel, the inbox
 * (an Add Event submission becomes a draft in the events editor, then is
 * marked handled), livestream analytics after real beacons, and the
 * developer's database tools (download, and upload the same file back).
 */

const UPLOAD_DONE = 'Upload successful. The app will use the new database immediately.';
const ADMIN = 'Morgan Vance';
const DEV = 'Sam Lindqvist';

const panelToggle = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });
const panel = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });

/** Signs in from the admin screen's own Admins Only panel (the embedded provider shows its accounts). */
async function signInToAdmin(page: Page, baseUrl: string, account: string, method: 'Email' | 'Phone' = 'Email') {
  await page.goto(`${baseUrl}/#/admin`);
  await expect(page.getByRole('heading', { name: 'Admins Only' })).toBeVisible();
  await page.getByRole('button', { name: `Sign in with ${method}` }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(account) }).click();
  await expect(page).toHaveURL(/#\/admin$/);
  await expect(panelToggle(page, 'Inbox')).toBeVisible();
}

/** Opens a collapsed panel by its heading button. */
async function open(page: Page, title: string) {
  const toggle = panelToggle(page, title);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** The value shown under a label of the analytics summary. */
const stat = (page: Page, label: string) =>
  panel(page, 'Livestream Analytics')
    .locator('.stat', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('signed out, the admin screen offers both sign-ins; an admin gets the inbox and analytics, not the database tools', async ({
  page,
  baseURL,
}) => {
  await page.goto('/#/admin');
  await expect(page.getByRole('heading', { name: 'Admins Only' })).toBeVisible();
  await expect(
    page.getByText('This area is for administrators. If you believe you should have access, contact an administrator.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Phone' })).toBeVisible();

  // With the embedded provider, Phone shows its accounts too, and comes back to the admin screen.
  await signInToAdmin(page, baseURL!, ADMIN, 'Phone');
  await expect(panelToggle(page, 'Livestream Analytics')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Email' })).toHaveCount(0);
  await expect(panelToggle(page, 'Developer Database Tools')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download Current DB' })).toHaveCount(0);
});

test('the analytics panel sums up the livestream beacons sent', async ({ page, baseURL }) => {
  await signInToAdmin(page, baseURL!, ADMIN);
  const summaryAnswer = () =>
    page.waitForResponse((r) => r.url().includes('/api/analytics-summary?since_hours=') && r.ok());

  // Opening the panel reads the summary as it is before.
  const firstAnswer = summaryAnswer();
  await open(page, 'Livestream Analytics');
  const before = (await (await firstAnswer).json()) as AnalyticsSummary;
  await expect(stat(page, 'Opens')).toHaveText(before.opens.toLocaleString('en-US'));

  // Two viewers open the livestream popup and close it again, as the popup reports it.
  const session = `e2e-${Date.now()}`;
  const beacons = [
    { action: 'open', event_id: 1, event_name: 'E2E Pull', session_id: `${session}-a` },
    { action: 'open', event_id: 1, event_name: 'E2E Pull', session_id: `${session}-b` },
    {
      action: 'close',
      event_id: 1,
      event_name: 'E2E Pull',
      open_ms: 60_000,
      watch_ms: 90_000,
      session_id: `${session}-a`,
    },
    {
      action: 'close',
      event_id: 1,
      event_name: 'E2E Pull',
      open_ms: 30_000,
      watch_ms: 30_000,
      session_id: `${session}-b`,
    },
  ];
  for (const data of beacons) {
    expect((await page.request.post('/api/v1/events/analytics', { data })).status()).toBe(204);
  }

  const hours = page.getByLabel('Since (hours)');
  await hours.fill('24');
  const secondAnswer = summaryAnswer();
  await page.getByRole('button', { name: 'Fetch Summary' }).click();
  const after = (await (await secondAnswer).json()) as AnalyticsSummary;
  expect(after.opens).toBeGreaterThanOrEqual(before.opens + 2);
  expect(after.closes).toBeGreaterThanOrEqual(before.closes + 2);
  expect(after.unique_sessions).toBeGreaterThanOrEqual(2);
  expect(after.total_watch_ms).toBeGreaterThanOrEqual(120_000);

  const n = (v: number) => v.toLocaleString('en-US');
  await expect(stat(page, 'Opens')).toHaveText(n(after.opens));
  await expect(stat(page, 'Closes')).toHaveText(n(after.closes));
  await expect(stat(page, 'Unique IPs')).toHaveText(n(after.unique_ips));
  await expect(stat(page, 'Views (unique sessions)')).toHaveText(n(after.unique_sessions));
  await expect(stat(page, 'Avg Open')).toHaveText(`${n(after.avg_open_ms)} ms`);
  await expect(stat(page, 'Avg Watch')).toHaveText(`${n(after.avg_watch_ms)} ms`);
  await expect(stat(page, 'Total Watch')).toHaveText(
    `${n(after.total_watch_ms)} ms (${(after.total_watch_ms / 60_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} min)`,
  );
  await expect(stat(page, 'Window')).toHaveText('Last 24 h');
  await expect(page.getByRole('link', { name: 'Open raw API link' })).toHaveAttribute(
    'href',
    '/api/analytics-summary?since_hours=24',
  );
});

test('an event submitted on the events page reaches the inbox, opens the editor prefilled, and leaves once handled', async ({
  page,
  baseURL,
}) => {
  const name = `Inbox Pull ${Date.now()}`;
  await page.goto('/#/events');
  const form = await formPanel(page, 'Add Event');
  await form.getByRole('textbox', { name: /Event name/ }).fill(name);
  await form.getByRole('textbox', { name: /Location/ }).fill('Eastport Grange');
  await form.getByLabel(/Date/).fill('2025-06-01');
  await form.getByRole('textbox', { name: /Details/ }).fill('Bring chalk and a friend.');
  await form.getByRole('textbox', { name: /Link/ }).fill('https://example.test/pull');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Event submitted successfully!')).toBeVisible();

  await signInToAdmin(page, baseURL!, ADMIN);
  const inbox = panel(page, 'Inbox');
  const item = inbox.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Eastport Grange');
  await expect(item).toContainText('Bring chalk and a friend.');

  // The filter: clubs and feedback do not show it, event submissions do.
  await inbox.getByRole('button', { name: /^Club submissions/ }).click();
  await expect(item).toHaveCount(0);
  await inbox.getByRole('button', { name: /^Event submissions/ }).click();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'Create event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create event' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel('Location', { exact: true })).toHaveValue('Eastport Grange');
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue('2025-06-01');
  await expect(dialog.getByLabel('About', { exact: true })).toHaveValue('Bring chalk and a friend.');
  await expect(dialog.getByLabel('Website', { exact: true })).toHaveValue('https://example.test/pull');
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('draft');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);

  await item.getByRole('button', { name: 'Mark handled' }).click();
  await expect(item).toHaveCount(0);
  // Still handled after a fresh read, and back with Show handled, to reopen.
  await page.reload();
  await expect(panelToggle(page, 'Inbox')).toBeVisible();
  await expect(inbox.getByRole('heading', { name, exact: true })).toHaveCount(0);
  await inbox.getByLabel('Show handled').check();
  await expect(item.getByRole('button', { name: 'Reopen' })).toBeVisible();
});

test.describe('on a server of its own (an upload replaces the live database)', () => {
  let server: OwnServer;
  test.beforeEach(async () => {
    server = await ownServer();
  });
  test.afterEach(async () => {
    await server.dispose();
  });

  test('a developer downloads the database and the fallback, uploads the database back, and the boards still show; axe finds nothing', async ({
    page,
  }, testInfo) => {
    const men = (await (await page.request.get(`${server.url}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
    await signInToAdmin(page, server.url, DEV);
    await open(page, 'Developer Database Tools');
    await open(page, 'Livestream Analytics');
    await expect(stat(page, 'Window')).toHaveText('Last 168 h');
    expect(await axeViolations(page)).toEqual([]);

    const [dbDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Current DB' }).click(),
    ]);
    expect(dbDownload.suggestedFilename()).toBe('ratings.db');
    const dbPath = testInfo.outputPath('ratings.db');
    await dbDownload.saveAs(dbPath);
    const db = fs.readFileSync(dbPath);
    expect(db.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');

    const [fallbackDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Fallback JSON' }).click(),
    ]);
    expect(fallbackDownload.suggestedFilename()).toBe('fallback.json');
    const fallback = JSON.parse(fs.readFileSync(await fallbackDownload.path(), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(fallback).length).toBeGreaterThan(0);

    const picker = page.getByLabel('Database file (.db, .sqlite, .sqlite3)');
    await expect(picker).toHaveAttribute('accept', '.db,.sqlite,.sqlite3');
    const confirm = page.getByRole('dialog', { name: 'Replace the live database?' });

    // A file that is not a database is refused with the server's reason, and nothing changes.
    await picker.setInputFiles({
      name: 'notes.db',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a database'),
    });
    await page.getByRole('button', { name: 'Upload & Replace DB' }).click();
    await confirm.getByRole('button', { name: 'Replace database' }).click();
    await expect(page.getByRole('alert')).toContainText('Upload failed');
    await expect(page.getByRole('button', { name: 'Upload & Replace DB' })).toBeEnabled();

    await picker.setInputFiles(dbPath);
    const size =
      db.length < 1024 * 1024 ? `${(db.length / 1024).toFixed(1)} KB` : `${(db.length / 1048576).toFixed(1)} MB`;
    await expect(page.getByText(`ratings.db (${size})`)).toBeVisible();

    // It asks first; Cancel leaves everything as it was.
    await page.getByRole('button', { name: 'Upload & Replace DB' }).click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload & Replace DB' }).click();
    await confirm.getByRole('button', { name: 'Replace database' }).click();
    await expect(page.getByRole('status').filter({ hasText: UPLOAD_DONE })).toBeVisible();
    await expect(page.getByText('ratings.db (')).toHaveCount(0);

    await page.goto(`${server.url}/#/`);
    const menBoard = page.getByRole('region', { name: 'Men', exact: true });
    await expect(menBoard.locator('tbody tr')).toHaveCount(10);
    await expect(menBoard.getByRole('button', { name: men.ranks.LH[0]!.name, exact: true }).first()).toBeVisible();
  });
});

test('a club submission in the inbox becomes a club on the clubs page, and the submission is handled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = await ownServer();
  try {
    const name = 'Harbor Pull Club';
    const sent = await fetch(`${server.url}/api/v1/club-submissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({
        name,
        city: 'Harbor City',
        region: 'Coast',
        leaders: 'Dana Hook, Lee Grip',
        training: 'Mon 7pm\nThu 7pm',
        founded: 2021,
        members_count: 14,
        desc: 'Two tables by the docks.',
        submitter: 'Dana Hook',
        source: 'web',
      }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    await signInToAdmin(page, server.url, ADMIN);
    const item = panel(page, 'Inbox').getByRole('listitem').filter({ hasText: name });
    await item.getByRole('button', { name: 'Create club' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create club' });
    await expect(dialog).toContainText(`“${name}” in Harbor City, Coast`);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create club' }).click();
    await expect(page.getByText(`Created the club “${name}”.`)).toBeVisible();
    await expect(item).toHaveCount(0); // handled, so it leaves the open list

    const clubs = (await (await fetch(`${server.url}/clubs.json`)).json()) as {
      name: string;
      leaders: string[];
      training: string[];
      founded: number | null;
    }[];
    expect(clubs.find((c) => c.name === name)).toMatchObject({
      leaders: ['Dana Hook', 'Lee Grip'],
      training: ['Mon 7pm', 'Thu 7pm'],
      founded: 2021,
    });
    await page.goto(`${server.url}/#/clubs?club=${encodeURIComponent(name)}`);
    await expect(page.getByRole('dialog', { name })).toContainText('Two tables by the docks.');
  } finally {
    await server.dispose();
  }
});

test('@phone the admin screen fits a phone with every panel open', async ({ page, baseURL }) => {
  await signInToAdmin(page, baseURL!, DEV);
  await open(page, 'Developer Database Tools');
  await open(page, 'Livestream Analytics');
  await expect(stat(page, 'Window')).toHaveText('Last 168 h');
  await expect(page.getByRole('button', { name: 'Upload & Replace DB' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
