import type { Page } from '@playwright/test';
import type { Club } from '../src/shared/clubs.ts';
import type { Leaderboard } from '../src/shared/rankings.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { formPanel } from './support/form-panel.ts';
import { ownServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import { backToForeground, waitForWorker } from './support/worker.ts';

/**
 * The clubs page on the production build and the real server with the demo's
 * clubs: filters and their empty state, the club modal by ?club= and from the
 * athlete popup, members behind a toggle, a developer's local edit, a club
 * submitted offline, the page and a club offline, and axe.
 */
const TITLE = 'Find a club to train with';
const EMPTY = 'No clubs match your filters';

async function clubList(base: string): Promise<Club[]> {
  const res = await fetch(`${base}/clubs.json`);
  expect(res.ok).toBe(true);
  return (await res.json()) as Club[];
}

const cards = (page: Page) => page.getByRole('list', { name: 'Clubs' }).getByRole('link');

/** A club with more members than the modal lists at first (the sheet holds the same names as the list). */
const withManyMembers = (clubs: Club[]) => clubs.find((c) => c.members.length > 5)!;

test.describe('clubs page', () => {
  test('filters narrow the grid in its order; no match shows the empty state and Clear filters brings every club back', async ({
    page,
    baseURL,
  }) => {
    const clubs = await clubList(baseURL!);
    expect(clubs.length).toBeGreaterThan(3);
    await page.goto('/#/clubs');
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(cards(page)).toHaveCount(clubs.length);
    // In-state first, then the most members: the server's order, card for card.
    const names = await page.getByRole('list', { name: 'Clubs' }).locator('.club-card-name').allTextContents();
    expect(names).toEqual(clubs.map((c) => c.name));
    expect(clubs.findIndex((c) => c.out_of_state)).toBeGreaterThan(clubs.findLastIndex((c) => !c.out_of_state));

    const first = clubs[1]!;
    await page.getByLabel('Search by name or city').fill(first.name.slice(0, 5).toUpperCase());
    await expect(cards(page).filter({ hasText: first.name })).toHaveCount(1);
    const byName = clubs.filter(
      (c) =>
        c.name.toLowerCase().includes(first.name.slice(0, 5).toLowerCase()) ||
        (c.city ?? '').toLowerCase().includes(first.name.slice(0, 5).toLowerCase()),
    );
    await expect(cards(page)).toHaveCount(byName.length);
    await page.getByLabel('Search by name or city').fill(first.city!);
    await expect(cards(page).filter({ hasText: first.name })).toHaveCount(1);
    await page.getByLabel('Search by name or city').fill('');

    const region = first.region!;
    await page.getByLabel('Region', { exact: true }).selectOption(region);
    await expect(cards(page)).toHaveCount(clubs.filter((c) => c.region === region).length);
    await page.getByLabel('Region', { exact: true }).selectOption('');
    await page.getByLabel('In-state clubs only').check();
    await expect(cards(page)).toHaveCount(clubs.filter((c) => !c.out_of_state).length);

    await page.getByLabel('Search by name or city').fill('no such club anywhere');
    await expect(page.getByRole('heading', { name: EMPTY })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards(page)).toHaveCount(clubs.length);
    await expect(page.getByLabel('Search by name or city')).toHaveValue('');
    await expect(page.getByLabel('In-state clubs only')).not.toBeChecked();
  });

  test('?club= opens a club with its details and numbers, 5 members then the toggle; closing clears the address', async ({
    page,
    baseURL,
  }) => {
    const club = withManyMembers(await clubList(baseURL!));
    await page.goto(`/#/clubs?club=${encodeURIComponent(club.name)}`);
    const dialog = page.getByRole('dialog', { name: club.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(club.city!, { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText(club.talent_metric.label)).toBeVisible();
    await expect(dialog.getByText(`${club.supermatches_upcoming} upcoming`)).toBeVisible();
    for (const leader of club.leaders)
      await expect(dialog.getByRole('listitem').filter({ hasText: leader }).first()).toBeVisible();

    const members = dialog.getByRole('region', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveCount(5);
    await expect(members).toHaveText(club.members.slice(0, 5));
    const toggle = dialog.getByRole('button', { name: `Show all ${club.members.length} members` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(members).toHaveCount(club.members.length);
    await expect(members).toHaveText(club.members);
    await dialog.getByRole('button', { name: 'Show fewer' }).click();
    await expect(members).toHaveCount(5);

    // The talent tip shows, then hides by itself.
    await dialog.getByRole('button', { name: `${club.talent_metric.label}: what this counts` }).click();
    await expect(dialog.getByText(/Top-10 hand placings/)).toBeVisible();
    await expect(dialog.getByText(/Top-10 hand placings/)).toBeHidden();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.url()).not.toContain('club=');
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

    // From a card: Escape closes, and the address is the list's again.
    await cards(page).filter({ hasText: club.name }).click();
    await expect(page.getByRole('dialog', { name: club.name })).toBeVisible();
    expect(page.url()).toContain('club=');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/#\/clubs$/);
  });

  test("from the athlete popup's Club button to the club, and Back to the athlete", async ({ page, baseURL }) => {
    const clubs = await clubList(baseURL!);
    const men = (await (await fetch(`${baseURL}/api/v1/leaderboard?sex=M`)).json()) as Leaderboard;
    const athlete = men.ranks.RH.map((r) => r.name).find((n) => clubs.some((c) => c.name === men.clubs[n]))!;
    const clubName = men.clubs[athlete]!;
    await page.goto(`/#/leaderboards?ath=${encodeURIComponent(athlete)}&div=Men`);
    const popup = page.getByRole('dialog', { name: athlete });
    await expect(popup).toBeVisible();
    await popup.getByRole('link', { name: clubName }).click();

    const dialog = page.getByRole('dialog', { name: clubName });
    await expect(dialog).toBeVisible();
    expect(decodeURIComponent(page.url())).toContain(`from=athlete`);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: athlete })).toBeVisible();
    const url = new URL(page.url().replace('/#/', '/'));
    expect(url.pathname).toBe('/leaderboards');
    expect(url.searchParams.get('goto')).toBe('athlete');
    expect(url.searchParams.get('ath')).toBe(athlete);
    expect(url.searchParams.get('div')).toBe('Men');

    // Opened by a link without from=athlete, there is no Back.
    await page.goto(`/#/clubs?club=${encodeURIComponent(clubName)}`);
    await expect(page.getByRole('dialog', { name: clubName })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Back' })).toHaveCount(0);
  });

  test('a developer edits a club on this device only, with the hints; Discard drops a draft; the server is untouched', async ({
    page,
    baseURL,
  }) => {
    const club = (await clubList(baseURL!))[0]!;
    await page.goto('/#/clubs');
    await signInAs(page, 'Sam Lindqvist');
    await page.goto(`/#/clubs?club=${encodeURIComponent(club.name)}`);
    let dialog = page.getByRole('dialog', { name: club.name });
    await dialog.getByRole('button', { name: 'Edit (this device)' }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${club.name}` });
    await expect(dialog.getByText(/kept on this device only/)).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await dialog.getByLabel('City').fill('  ');
    await expect(dialog.getByText('This field cannot be empty.')).toBeVisible();
    await dialog.getByLabel('Members', { exact: true }).fill('-3');
    await expect(dialog.getByText('Enter a number, 0 or more.')).toBeVisible();
    await dialog.getByLabel('Facebook').fill('facebook.com/x');
    await expect(dialog.getByText('Enter a valid URL starting with http(s)://')).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(dialog.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('City').fill('Testville');
    await dialog.getByLabel('Members', { exact: true }).fill('0');
    await dialog.getByLabel('Facebook').fill('https://facebook.com/testville');
    await save.click();
    dialog = page.getByRole('dialog', { name: club.name });
    await expect(dialog.getByText('Edited on this device only.')).toBeVisible();
    await expect(dialog.getByText('Testville', { exact: true })).toBeVisible();

    // Kept through a reload, on this device; the server still has the club as it was.
    await page.reload();
    await expect(dialog.getByText('Testville', { exact: true })).toBeVisible();
    expect((await clubList(baseURL!)).find((c) => c.id === club.id)!.city).toBe(club.city);

    // Discard drops the draft.
    await dialog.getByRole('button', { name: 'Edit (this device)' }).click();
    const editor = page.getByRole('dialog', { name: `Edit ${club.name}` });
    await editor.getByLabel('City').fill('Elsewhere');
    await editor.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog.getByText('Testville', { exact: true })).toBeVisible();
    await expect(page.getByText('Elsewhere')).toHaveCount(0);

    // Undo local changes: the server's club again.
    await dialog.getByRole('button', { name: 'Undo local changes' }).click();
    await expect(dialog.getByText(club.city!, { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('Edited on this device only.')).toHaveCount(0);
  });

  test("a club's leader edits it on the server and a visitor sees the change; another club is not theirs", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const server = await ownServer();
    try {
      const clubs = await clubList(server.url);
      const own = clubs.find((c) => c.leaders.includes('Riley Okafor'))!;
      const other = clubs.find((c) => !c.leaders.includes('Riley Okafor'))!;
      await page.goto(`${server.url}/#/clubs`);
      await signInAs(page, 'Riley Okafor');
      await page.goto(`${server.url}/#/clubs?club=${encodeURIComponent(other.name)}`);
      await expect(page.getByRole('dialog', { name: other.name })).toBeVisible();
      await expect(page.getByRole('dialog', { name: other.name }).getByRole('button', { name: /^Edit/ })).toHaveCount(
        0,
      );

      await page.goto(`${server.url}/#/clubs?club=${encodeURIComponent(own.name)}`);
      await page.getByRole('dialog', { name: own.name }).getByRole('button', { name: 'Edit', exact: true }).click();
      const editor = page.getByRole('dialog', { name: `Edit ${own.name}` });
      await editor.getByLabel('Founded').fill('1800');
      await expect(editor.getByText('Enter a year from 1900 to 2100.')).toBeVisible();
      await editor.getByLabel('Founded').fill('1999');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(editor).toHaveCount(0);
      await expect.poll(async () => (await clubList(server.url)).find((c) => c.id === own.id)!.founded).toBe(1999);

      // A visitor in another browser sees it.
      const visitor = await browser.newPage();
      await visitor.goto(`${server.url}/#/clubs?club=${encodeURIComponent(own.name)}`);
      await expect(visitor.getByRole('dialog', { name: own.name })).toContainText('1999');
      await visitor.close();
    } finally {
      await server.dispose();
    }
  });

  test('axe finds nothing on the page, the modal and the editor', async ({ page, baseURL }) => {
    // Three full axe runs: room for a busy machine.
    test.setTimeout(120_000);
    const club = withManyMembers(await clubList(baseURL!));
    await page.goto('/#/clubs');
    await expect(cards(page).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Search by name or city').fill('no such club anywhere');
    await expect(page.getByRole('heading', { name: EMPTY })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/#/clubs?club=${encodeURIComponent(club.name)}`);
    const dialog = page.getByRole('dialog', { name: club.name });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Show all/ }).click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on a phone the grid is one column and the modal fits the screen @phone', async ({ page, baseURL }) => {
    const club = withManyMembers(await clubList(baseURL!));
    await page.goto('/#/clubs');
    await expect(cards(page).first()).toBeVisible();
    const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await cards(page).filter({ hasText: club.name }).click();
    const dialog = page.getByRole('dialog', { name: club.name });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('offline: the clubs page and a club with its members open once seen; a club submitted offline arrives once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await ownServer();
  try {
    const clubs = await clubList(server.url);
    const club = withManyMembers(clubs);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/#/clubs?club=${encodeURIComponent(club.name)}`);
    await waitForWorker(page);
    await page.reload();
    await expect(page.getByRole('dialog', { name: club.name })).toBeVisible();
    await expect(page.getByRole('button', { name: `Show all ${club.members.length} members` })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await server.kill();
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page)).toHaveCount(clubs.length);
    await cards(page).filter({ hasText: club.name }).click();
    const dialog = page.getByRole('dialog', { name: club.name });
    await dialog.getByRole('button', { name: `Show all ${club.members.length} members` }).click();
    await expect(dialog.getByRole('region', { name: 'Members' }).getByRole('listitem')).toHaveText(club.members);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const form = await formPanel(page, 'Add Club');
    const submit = form.getByRole('button', { name: 'Submit', exact: true });
    await expect(submit).toBeDisabled();
    await form.getByLabel('Club name *').fill('  Offline Pullers ');
    await form.getByLabel('City *').fill('Harbor');
    await expect(submit).toBeDisabled();
    await form.getByLabel('Region *').fill('Coast');
    await form.getByLabel('Founded').fill('2019');
    await form.getByLabel('Your name').fill('Club Tester');
    await submit.click();
    await expect(page.getByText('Saved on this device. It will be sent when the connection returns.')).toBeVisible();
    expect(server.query('SELECT id FROM club_submissions WHERE name = ?', ['Offline Pullers'])).toEqual([]);

    await expect(page.getByRole('button', { name: 'Waiting to send (1)' })).toBeVisible();

    await server.start();
    await backToForeground(page);
    // (This tab already said 'Saved on this device': the outbox does not toast the delivery here.)
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
    await expect
      .poll(() => server.query('SELECT id FROM club_submissions WHERE name = ?', ['Offline Pullers']).length)
      .toBe(1);
    await page.reload();
    await backToForeground(page);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);
    const rows = server.query<{ name: string; city: string; region: string; founded: number; submitter: string }>(
      'SELECT name, city, region, founded, submitter FROM club_submissions WHERE name = ?',
      ['Offline Pullers'],
    );
    expect(rows).toEqual([
      { name: 'Offline Pullers', city: 'Harbor', region: 'Coast', founded: 2019, submitter: 'Club Tester' },
    ]);
    await context.close();
  } finally {
    await server.dispose();
  }
});
