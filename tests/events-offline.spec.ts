import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { formPanel } from './support/form-panel.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { backToForeground, waitForWorker } from './support/worker.ts';

/**
 * The events page and an event opened
 * once open again with the server gone, pictures included; an event submitted
 * then is kept on the device and reaches the server exactly once.
 */
const FEATURED = 'State Armwrestling Championship';
const SAVED = 'Saved on this device. It will be sent when the connection returns.';

let server: OwnServer;
test.beforeEach(async () => {
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

/** Whether every picture in `scope` has loaded (a broken one has no natural width). */
const picturesLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0));

test('events and an opened event render offline; an event submitted then arrives once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${server.url}/#/events?id=2`);
  await waitForWorker(page);
  // The first load was not controlled by the worker: once more, so it keeps the events answer too.
  await page.reload();
  await expect(page.getByRole('dialog', { name: FEATURED })).toBeVisible();
  await page.keyboard.press('Escape');

  await server.kill();
  const navigation = await page.goto(`${server.url}/#/events?id=2`);
  await page.reload();
  expect(navigation === null || navigation.fromServiceWorker()).toBe(true);
  const dialog = page.getByRole('dialog', { name: FEATURED });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Harbor City Youth Athletics')).toBeVisible();
  await expect.poll(() => picturesLoaded(page, '.event-hero-img')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  await expect(page.getByRole('link').filter({ hasText: 'Frostbite Classic' })).toBeVisible();
  await expect(page.getByText(/UNDER CONSTRUCTION/)).toHaveCount(0);

  const form = await formPanel(page, 'Add Event');
  await form.getByRole('textbox', { name: /Event name/ }).fill('Basement Pull Night');
  await form.getByRole('textbox', { name: /Location/ }).fill('Millbrook');
  await form.getByLabel(/Date/).fill('2025-09-06');
  await form.getByRole('textbox', { name: /Your name/ }).fill('Offline Organizer');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();
  expect(server.query("SELECT * FROM event_submissions WHERE name = 'Basement Pull Night'")).toEqual([]);

  await server.start();
  await backToForeground(page);
  await expect(page.getByText('Event submitted successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
  const rows = server.query<{ name: string; location: string; date: string; submitter: string }>(
    "SELECT name, location, date, submitter FROM event_submissions WHERE submitter = 'Offline Organizer'",
  );
  expect(rows).toEqual([
    { name: 'Basement Pull Night', location: 'Millbrook', date: '2025-09-06', submitter: 'Offline Organizer' },
  ]);
  // Event submissions are kept for admins, never published by themselves.
  const events = (await (await fetch(`${server.url}/api/v1/events`)).json()) as { events: { name: string }[] };
  expect(events.events.map((e) => e.name)).not.toContain('Basement Pull Night');

  await page.reload();
  await backToForeground(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  expect(server.query("SELECT * FROM event_submissions WHERE name = 'Basement Pull Night'")).toHaveLength(1);
});
