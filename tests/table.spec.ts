import type { Browser, Page } from '@playwright/test';
import type { Tournament, TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import { waitForWorker } from './support/worker.ts';

/**
 * Table devices against the real server (its own: they record results) and the production build. The demo's
 * running tournament has its categories at tables 1-4; each test takes a table of its own, opens the table's
 * link (made through the admin API) in a fresh browser context without an account, and records as a person
 * would: a tap on the winner's name, then Confirm.
 */
let server: OwnServer;
let token: string;
let today: Tournament;

test.beforeAll(async ({ browser }) => {
  server = await ownServer();
  token = await adminToken(browser);
  const { tournaments } = await read<{ tournaments: TournamentSummary[] }>('/tournaments');
  today = await read<Tournament>(`/tournaments/${tournaments.find((t) => !t.published)!.id}`);
});
test.afterAll(async () => {
  await server.dispose();
});

async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

/** An admin's access token, from a sign-in through the real provider. */
async function adminToken(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await signInAs(page, 'Morgan Vance');
  const access = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
  });
  await context.close();
  return access;
}

const admin = (method: string, path: string, body: unknown = method === 'DELETE' ? undefined : {}) =>
  fetch(`${server.url}/api/v1/admin/tournaments/${today.id}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A new link for the table, on this test server's origin. */
async function tableLink(table: number): Promise<string> {
  const res = await admin('POST', `/tables/${table}/link`);
  expect(res.status).toBe(201);
  const { url } = (await res.json()) as { url: string };
  return `${server.url}/#/table?key=${new URL(url).hash.split('key=')[1]}`;
}

/** What the server holds from a table's devices, in the order it took them. */
function tableResults(table: number) {
  return server.query<{ code: string; winner: string; method: string; a: string; b: string }>(
    `SELECT m.code, r.winner, r.method, pa.name AS a, pb.name AS b
       FROM tournament_results r
       JOIN tournament_matches m ON m.id = r.match_id
       JOIN tournament_entries ea ON ea.id = r.entry_a JOIN athletes pa ON pa.id = ea.athlete_id
       JOIN tournament_entries eb ON eb.id = r.entry_b JOIN athletes pb ON pb.id = eb.athlete_id
      WHERE r.source = ? ORDER BY r.recorded_at, r.rowid`,
    [`table:${table}`],
  );
}

const nowPulling = (page: Page) => page.getByRole('region', { name: 'Now pulling' });

/** A fresh device (its own browser context, no account) opened by a new link for the table, its queue on screen. */
async function openTable(browser: Browser, table: number, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto(await tableLink(table));
  await expect(page.getByRole('heading', { name: `Table ${table}` })).toBeVisible();
  await expect(nowPulling(page)).toBeVisible();
  return { context, page };
}

/** The names of the match now pulling, as the screen shows them. */
async function pair(page: Page): Promise<[string, string]> {
  const names = await nowPulling(page)
    .getByRole('button', { name: / wins$/ })
    .allTextContents();
  expect(names).toHaveLength(2);
  return [names[0]!, names[1]!];
}

/** Two taps: the first athlete's name, then Confirm; waits until the screen has moved on from that match. */
async function recordFirstWins(page: Page): Promise<[string, string]> {
  const [a, b] = await pair(page);
  await nowPulling(page)
    .getByRole('button', { name: `${a} wins` })
    .click();
  await page
    .getByRole('dialog', { name: `${a} wins` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(async () => {
      const next = await nowPulling(page)
        .getByRole('button', { name: / wins$/ })
        .allTextContents();
      return next.join(' v ');
    })
    .not.toBe(`${a} v ${b}`);
  return [a, b];
}

test('a table device opened by its link records a match in two taps; it fits a phone; axe finds nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await openTable(browser, 4, { width: 390, height: 844 });
  // The key is kept on the device and taken out of the address.
  await expect(page).toHaveURL(/#\/table$/);
  expect(await axeViolations(page)).toEqual([]);

  // One thumb at 390 px: nothing wider than the screen, every button of the match a large target.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const box of await nowPulling(page)
    .getByRole('button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  // A long name wraps to more lines than the other athlete's: both athletes' Warning and Foul stay level.
  const firstName = nowPulling(page)
    .getByRole('button', { name: / wins$/ })
    .first();
  const name = await firstName.evaluate((b, long) => {
    const was = b.textContent;
    b.textContent = long;
    return was;
  }, 'Maximilian Alexander Vanderbilt-Ferreira');
  const tops = await nowPulling(page)
    .getByRole('button', { name: /^(Warning|Foul) for / })
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops).toHaveLength(4);
  expect(new Set(tops).size).toBe(1);
  await firstName.evaluate((b, was) => (b.textContent = was), name);
  await page.screenshot({ path: test.info().outputPath('table-390.png'), fullPage: true });

  const [a, b] = await recordFirstWins(page);
  await expect.poll(() => tableResults(4)).toEqual([expect.objectContaining({ winner: 'A', a, b })]);
  await expect(page.getByText('Every result is delivered.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('table-1280.png'), fullPage: true });
  await context.close();
});

test('offline: five results wait through a reload, then reach the server each exactly once and in order', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await openTable(browser, 3);
  await waitForWorker(page);

  await context.setOffline(true);
  const tapped: [string, string][] = [];
  for (let n = 1; n <= 5; n++) {
    tapped.push(await recordFirstWins(page));
    await expect(page.getByText(new RegExp(`^${n} results? waiting since \\d`))).toBeVisible();
  }
  const next = await pair(page);

  // A reload with no connection: the outbox, the key and the brackets are on the device; the queue is kept.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Table 3' })).toBeVisible();
  await expect(page.getByText(/^5 results waiting since \d/)).toBeVisible();
  await expect(nowPulling(page).getByRole('button', { name: `${next[0]} wins` })).toBeVisible();
  expect(tableResults(3)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('Every result is delivered.')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => tableResults(3).map((r) => [r.a, r.b, r.winner]))
    .toEqual(tapped.map(([a, b]) => [a, b, 'A']));
  await expect(page.getByRole('region', { name: 'Refused by the server' })).toHaveCount(0);
  await context.close();
});

test('a revoked link records nothing and says so', async ({ browser }) => {
  test.setTimeout(90_000);
  const link = await tableLink(2);
  expect((await admin('DELETE', '/tables/2/link')).status).toBe(204);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Table link not valid' })).toBeVisible();
  await expect(page.getByText(/This table link is not valid: it was revoked or mistyped/)).toBeVisible();
  await expect(page.getByRole('button', { name: / wins$/ })).toHaveCount(0);
  // The key itself is refused by the server.
  const key = new URL(link).hash.split('key=')[1]!;
  const res = await fetch(`${server.url}/api/v1/table`, { headers: { Authorization: `Table ${key}` } });
  expect(res.status).toBe(401);
  expect(tableResults(2)).toEqual([]);
  await context.close();
});

test("a slow network: the worker's older copy of the brackets does not take the queue back to a match already delivered", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await openTable(browser, 1);
  await waitForWorker(page);
  // One read through the worker, so its copy is the brackets before the result below.
  await page.reload();
  await expect(nowPulling(page)).toBeVisible();

  // From now on the server's answers to the brackets never arrive: the worker waits 4 s and answers with its copy;
  // when the request fails at last, the worker tells the page, which says it is offline.
  const detail = new RegExp(`/api/v1/tournaments/${today.id}$`);
  // (The worker may give up on a request first: then it is handled already.)
  await context.route(detail, (route) => setTimeout(() => void route.abort('timedout').catch(() => undefined), 8_000));
  const [a, b] = await recordFirstWins(page);
  await expect(page.getByText('Every result is delivered.')).toBeVisible();
  expect(tableResults(1)).toEqual([expect.objectContaining({ winner: 'A', a, b })]);
  // The delivery makes the screen read the brackets again; the answer is the worker's copy, from before the result.
  await expect(page.getByText(/^Offline: showing data from/)).toBeVisible({ timeout: 30_000 });
  const [c, d] = await pair(page);
  expect(`${c} v ${d}`).not.toBe(`${a} v ${b}`);
  // The result is still the last one, and can still be taken back.
  await expect(page.getByText(`Last result: `)).toContainText(`${a} beat ${b}`);
  expect(tableResults(1)).toHaveLength(1);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});

test('on a phone the screen is a screen high from its first frame: the footer never shows and then slides away', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  /** Holds every request matching `url` until released; `asked` resolves when the first one is made. */
  const holdBack = async (url: string) => {
    let release!: () => void;
    let ask!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked = new Promise<void>((resolve) => (ask = resolve));
    await page.route(url, async (route) => {
      ask();
      await released;
      await route.continue();
    });
    return { release, asked };
  };
  const footerTop = async () => (await page.getByRole('contentinfo').boundingBox())!.y;
  // Each stage the screen passes through is held until it has been looked at: the screen's code on its way, then
  // who the key is (the screen itself is up and asking), then the brackets.
  const screenCode = await holdBack('**/assets/TableScreen-*.js');
  const whoAmI = await holdBack('**/api/v1/table');
  await page.goto(await tableLink(4));
  await screenCode.asked;
  await expect(page.getByText('Opening the table…')).toBeVisible();
  expect(await footerTop()).toBeGreaterThanOrEqual(844);
  screenCode.release();
  await whoAmI.asked;
  await expect(page.getByText('Opening the table…')).toBeVisible();
  expect(await footerTop()).toBeGreaterThanOrEqual(844);
  whoAmI.release();
  await expect(nowPulling(page)).toBeVisible();
  expect(await footerTop()).toBeGreaterThanOrEqual(844);
  await context.close();
});

test('No-show once the call has run its time, then Undo of that delivered result: the match is pulled again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A table of its own: the demo's category not drawn yet, drawn now and put at table 5.
  const waiting = today.categories.find((c) => c.status === 'not_drawn')!;
  expect((await admin('POST', `/categories/${waiting.id}/draw`, { method: 'lot', seed: 5 })).status).toBe(200);
  expect((await admin('PUT', `/categories/${waiting.id}`, { table: 5 })).status).toBe(200);

  const context = await browser.newContext();
  const page = await context.newPage();
  // The page's clock runs as usual, and can be moved on past the call time instead of waiting it out.
  await page.clock.install();
  await page.goto(await tableLink(5));
  await expect(nowPulling(page)).toBeVisible();
  const [a, b] = await pair(page);
  await expect(nowPulling(page).getByRole('button', { name: 'No-show' })).toHaveCount(0);

  await nowPulling(page).getByRole('button', { name: 'Call' }).click();
  await expect(nowPulling(page).getByRole('timer', { name: 'Call clock' })).toHaveText(/^Called 0:0\d ago$/);
  await expect(nowPulling(page).getByRole('button', { name: 'No-show' })).toHaveCount(0);
  await page.clock.fastForward(today.settings.call_seconds * 1000);
  await nowPulling(page).getByRole('button', { name: 'No-show' }).click();
  const ask = page.getByRole('dialog', { name: 'No-show' });
  await expect(ask).toContainText('Who did not come to the table? The other athlete wins the match.');
  await ask.getByRole('button', { name: a, exact: true }).click();

  await expect(page.getByText(/^Last result: /)).toContainText(`${b} beat ${a} (No-show)`);
  await expect(page.getByText('Every result is delivered.')).toBeVisible();
  await expect.poll(() => tableResults(5)).toEqual([expect.objectContaining({ a, b, winner: 'B', method: 'no_show' })]);
  expect(await pair(page)).not.toEqual([a, b]);

  // Undo of the delivered result: taken back on the server, and the match is the one now pulling again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Result taken back.')).toBeVisible();
  await expect.poll(() => tableResults(5)).toEqual([]);
  await expect
    .poll(() =>
      nowPulling(page)
        .getByRole('button', { name: / wins$/ })
        .allTextContents(),
    )
    .toEqual([a, b]);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await context.close();
});
