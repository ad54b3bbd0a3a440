import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { formPanel } from './support/form-panel.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';

/** The events page, its deep links, the details popup, the fallback and the Add Event form. */

const FEATURED = 'State Armwrestling Championship';
const UNDER_CONSTRUCTION = 'UNDER CONSTRUCTION — Some features are unavailable at the moment.';

const card = (page: Page, name: string) => page.getByRole('link').filter({ hasText: name });
const details = (page: Page, name = FEATURED) => page.getByRole('dialog', { name });

test('the list: title, notice, cards with badges and (est) dates, no drafts; axe finds nothing', async ({ page }) => {
  await page.goto('/#/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  await expect(
    page.getByText("We're actively adding and updating events. Check back regularly for the most current information."),
  ).toBeVisible();
  await expect(card(page, FEATURED)).toContainText('Confirmed');
  await expect(card(page, 'Friday Night Pulls')).toContainText('LIVE');
  await expect(card(page, 'Lakeview Arm Classic')).toContainText('Pending');
  await expect(card(page, 'Lakeview Arm Classic')).toContainText(/^.*[A-Z][a-z]+ \d{4} \(est\)/);
  await expect(card(page, 'Pine Hollow Summer Slam')).toContainText('(est)');
  await expect(page.getByText('Westhaven Iron Cup')).toHaveCount(0);
  await expect(page.locator('#submit-event')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('past events: newest first, a first batch as the section nears, then Show more adds six', async ({ page }) => {
  // Two columns: the end sentinel adds at most a card or two by itself.
  await page.setViewportSize({ width: 700, height: 560 });
  await page.goto('/#/events');
  await expect(card(page, FEATURED)).toBeVisible();
  const past = page.getByRole('list', { name: 'Past Events' });
  await page.getByRole('heading', { name: 'Past Events' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Under construction: past events are still being added.')).toBeVisible();
  const items = past.getByRole('listitem');
  // About 560 / 280 + 1 = 3 cards, the newest first (the demo has ten past events).
  await expect(items.first()).toContainText('Eastport Harvest Open');
  await expect(items.nth(1)).toContainText('Millbrook Fall Classic');
  const before = await items.count();
  expect(before).toBeGreaterThanOrEqual(3);
  expect(before).toBeLessThan(10);
  // From the keyboard: reaching the button brings the end sentinel in too, and the cards it adds move the
  // button away from a pointer (a click then waited for it to hold still until every card was in and it went).
  await page.getByRole('button', { name: 'Show more' }).press('Enter');
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(Math.min(10, before + 6));
  // The rest: Show more while it is there (the sentinel may bring the last cards in first, and it goes).
  await expect
    .poll(async () => {
      const more = page.getByRole('button', { name: 'Show more' });
      if (await more.count()) await more.press('Enter', { timeout: 1000 }).catch(() => undefined);
      return items.count();
    })
    .toBe(10);
  await expect(items.last()).toContainText('Granite Ridge Winter Open');
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('scrolling to the end of the page brings in past events one at a time, without Show more', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 560 });
  await page.goto('/#/events');
  await expect(card(page, FEATURED)).toBeVisible();
  const items = page.getByRole('list', { name: 'Past Events' }).getByRole('listitem');
  await page.getByRole('heading', { name: 'Past Events' }).scrollIntoViewIfNeeded();
  await expect(items.first()).toBeVisible();
  const before = await items.count();
  // Each time the end sentinel comes within 200 px, one more card (not more while it stays there): to the top
  // and back down to the end of the page, again and again.
  const top = page.getByRole('heading', { level: 1, name: 'Upcoming Events' });
  const pageEnd = page.locator('#submit-event');
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, -10_000);
        await expect(top).toBeInViewport();
        await page.mouse.wheel(0, 10_000);
        await expect(pageEnd).toBeInViewport();
        return items.count();
      },
      { intervals: [100], timeout: 25_000 },
    )
    .toBe(10);
  expect(before).toBeLessThan(10);
});

test('scrolling down to Show more with the wheel, the button holds still and a mouse click adds six', async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 560 });
  await page.goto('/#/events');
  await expect(card(page, FEATURED)).toBeVisible();
  const items = page.getByRole('list', { name: 'Past Events' }).getByRole('listitem');
  const more = page.getByRole('button', { name: 'Show more' });
  await page.getByRole('heading', { name: 'Past Events' }).scrollIntoViewIfNeeded();
  await expect(items.first()).toBeVisible();
  // A person scrolls on with the wheel, a notch at a time, until the whole button is on screen.
  await page.mouse.move(350, 200);
  await expect
    .poll(
      async () => {
        const shown = (await more.count()) > 0 && (await more.evaluate((b) => b.getBoundingClientRect().bottom));
        if (shown !== false && shown <= 560) return true;
        await page.mouse.wheel(0, 150);
        return false;
      },
      { intervals: [100], timeout: 20_000 },
    )
    .toBe(true);
  const box = await more.boundingBox();
  expect(box, 'Show more is still there').not.toBeNull();
  const x = box!.x + box!.width / 2;
  const y = box!.y + box!.height / 2;
  await page.mouse.move(x, y);
  const before = await items.count();
  expect(before).toBeLessThan(10);
  // The pointer is on the button and it stays there: no card moves it away or takes it off the page.
  const underPointer = () =>
    page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.textContent ?? '', [x, y]);
  expect(await underPointer()).toBe('Show more');
  await expect(more).toBeVisible();
  expect(await underPointer()).toBe('Show more');
  const atClick = await items.count();
  expect(atClick).toBe(before);
  await page.mouse.down();
  await page.mouse.up();
  await expect(items).toHaveCount(Math.min(10, atClick + 6));
});

test('a deep link ?id=2 opens the details; closing removes it; axe finds nothing in the popup', async ({ page }) => {
  // The player's origin stands in here (no internet in CI); a CSP refusal would fail the test.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>Demo player</p>' }),
  );
  await page.goto('/#/events?id=2');
  const dialog = details(page);
  await expect(dialog).toBeVisible();
  const player = dialog.locator('iframe[title="State Armwrestling Championship livestream"]');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/AWdemoLive1/);
  await player.scrollIntoViewIfNeeded();
  await expect(
    page.frameLocator('iframe[title="State Armwrestling Championship livestream"]').getByText('Demo player'),
  ).toBeVisible();
  await expect(dialog.getByText('Harbor City Youth Athletics')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Harbor City Convention Hall, Harbor City' })).toHaveAttribute(
    'href',
    /maps/,
  );
  await expect(dialog.getByRole('link', { name: /^Call Morgan Vance/ })).toHaveAttribute('href', 'tel:+15553102288');
  await expect(dialog.getByRole('link', { name: 'YouTube', exact: true })).toBeVisible();
  await expect(dialog.getByText(/^Starts in \d+d \d\dh \d\dm \d\ds$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Show picture 2 of 3/ })).toBeVisible();
  const readMore = dialog.getByRole('button', { name: 'Read more' });
  await readMore.click();
  await expect(dialog.getByRole('button', { name: 'Read less' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/id=2/);
});

test('a link from a supermatch (event={name}&from=supermatch) opens the event and leads back', async ({ page }) => {
  await page.goto(`/#/events?event=${encodeURIComponent(FEATURED)}&from=supermatch`);
  await details(page).getByRole('button', { name: 'Back to supermatches' }).click();
  await expect(page).toHaveURL(/#\/supermatches\?event=State/);
});

test('?event= opens the details by name in another case', async ({ page }) => {
  await page.goto(`/#/events?event=${encodeURIComponent('state ARMWRESTLING championship')}`);
  await expect(details(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details(page)).toBeHidden();
  await expect(page).not.toHaveURL(/event=/);
});

test('Share copies the link and the label returns after 2 s', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.goto('/#/events?id=2');
  const share = details(page).getByRole('button', { name: 'Share' });
  await share.click();
  await expect(details(page).getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/events?id=2`);
  await expect(details(page).getByRole('button', { name: 'Share' })).toBeVisible({ timeout: 4000 });
});

test.describe('without the events API', () => {
  // A fresh page: no service worker controls it yet, so the page's route sees the call.
  test('falls back to fallback.json with the UNDER CONSTRUCTION banner and the form disabled', async ({ page }) => {
    await page.route('**/api/v1/events*', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/#/events');
    await expect(page.getByText(UNDER_CONSTRUCTION)).toBeVisible();
    await expect(card(page, FEATURED)).toBeVisible();
    const form = await formPanel(page, 'Add Event');
    await expect(form.getByRole('textbox', { name: /Event name/ })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});

test('the Add Event form submits', async ({ page }) => {
  await page.goto('/#/events');
  const form = await formPanel(page, 'Add Event');
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await form.getByRole('textbox', { name: /Event name/ }).fill('  Garage Pull Night  ');
  await form.getByRole('textbox', { name: /Location/ }).fill('Eastport');
  await expect(submit).toBeDisabled();
  await form.getByLabel(/Date/).fill('2025-06-01');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Event submitted successfully!')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /Event name/ })).toHaveValue('');
});

test.describe('on a server of its own (it changes an event, the other tests see the demo as it is)', () => {
  let server: OwnServer;
  test.beforeEach(async () => {
    server = await ownServer();
  });
  test.afterEach(async () => {
    await server.dispose();
  });

  test('an admin sees drafts, edits an event (Discard restores, Save stores) and a visitor sees the change', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.goto(`${server.url}/#/events`);
    await signInAs(page, 'Morgan Vance');
    await page.goto(`${server.url}/#/events`);
    await expect(card(page, 'Westhaven Iron Cup')).toContainText('Draft');
    await expect(page.getByRole('button', { name: 'New event' })).toBeVisible();

    await page.goto(`${server.url}/#/events?id=1`);
    const dialog = details(page, 'Frostbite Classic');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Frostbite Classic' });
    const venue = editor.getByRole('textbox', { name: 'Venue', exact: true });
    await venue.fill('Somewhere else');
    await editor.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog.getByText('Granite Ridge Community Center, 40 Quarry Road, Granite Ridge')).toBeVisible();

    await dialog.getByRole('button', { name: 'Edit' }).click();
    await editor.getByRole('textbox', { name: 'Start time' }).fill('noonish');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Enter the time with am/pm, e.g. 10:00 am.')).toBeVisible();
    await editor.getByRole('textbox', { name: 'Start time' }).fill('9:30 am');
    await venue.fill('Granite Ridge Armory, 1 Fort Lane');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Granite Ridge Armory, 1 Fort Lane')).toBeVisible();

    // A save the server refuses says so, and keeps what was typed.
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await page
      .context()
      .route(
        '**/api/v1/events/1',
        (route) =>
          route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'The server is busy.' } } }),
        { times: 1 },
      );
    await venue.fill('Half-typed venue');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Not saved: The server is busy.');
    await expect(venue).toHaveValue('Half-typed venue');

    // The image manager: an upload shows up among the event's pictures; Discard drops the unsaved venue.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await editor
      .getByLabel(/^Upload an image/)
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: png });
    await expect(editor.getByRole('img', { name: 'Image 2' })).toBeVisible();
    await editor.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog.getByRole('button', { name: 'Show picture 2 of 2' })).toBeVisible();

    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await other.goto(`${server.url}/#/events?id=1`);
    await expect(
      other.getByRole('dialog', { name: 'Frostbite Classic' }).getByText('Granite Ridge Armory, 1 Fort Lane'),
    ).toBeVisible();
    await expect(other.getByText('Westhaven Iron Cup')).toHaveCount(0);
    await visitor.close();
  });
});

test.describe('on a phone @phone', () => {
  test('a card opens the details; Back closes them; a slow short drag springs back, a long one closes', async ({
    page,
  }) => {
    await page.goto('/#/events');
    await card(page, FEATURED).click();
    await expect(details(page)).toBeVisible();
    await expect(page).toHaveURL(/id=2/);
    await page.goBack();
    await expect(details(page)).toBeHidden();

    await card(page, FEATURED).click();
    const handle = details(page).getByRole('button', { name: 'Close (or drag down)' });
    const box = (await handle.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    // 100 px over half a second: under 140 px and slower than 1.2 px/ms.
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(x, y + i * 10);
      await page.waitForTimeout(50);
    }
    await page.mouse.up();
    await expect(details(page)).toBeVisible();
    // Past 20% of the popup's height (at most 240 px): it closes and the address forgets the event.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 300, { steps: 6 });
    await page.mouse.up();
    await expect(details(page)).toBeHidden();
    await expect(page).not.toHaveURL(/id=2/);
    expect(await axeViolations(page)).toEqual([]);
    // Opened from the list, closing was going back: Back now does not bring the popup again.
    await page.goBack();
    await expect(page).not.toHaveURL(/id=2/);
  });
});
