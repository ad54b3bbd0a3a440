import type { BrowserContext, Page } from '@playwright/test';
import { mulberry32 } from '../src/shared/prng.ts';
import type { Tournament } from '../src/shared/tournament-contract/tournament.ts';
import { expect, test } from './support/fixtures.ts';
import { cutConnection, restoreConnection } from './support/connection.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { waitForAssetsKept, waitForWorker } from './support/worker.ts';
import {
  makeTournament,
  ok,
  readTournament,
  referenceRun,
  scriptedWinner,
  signInAdmin,
  winnersOf,
} from './support/tournaments.ts';

/**
 * Tournament day in a hall with bad Wi-Fi: three table devices (each its own browser, opened by its table link)
 * run a category each to the end while their connections are cut and restored, pages reloaded, and the server
 * killed and started again, at random (the seed is printed; CHAOS_SEED=n replays a run). Each match is won by
 * the athlete `scriptedWinner` names for the pair, so the end is the same whatever the order of play: at the end
 * the server's brackets must equal a reference run of the shared engine with the same results, with no conflict
 * (nothing sent twice as a different result) and every device's outbox empty.
 *
 * The categories are small in `npm test` (4, 6 and 8 athletes); CHAOS_ROUNDS=n (any number) runs the full
 * 16, 24 and 32.
 */
const FULL = process.env.CHAOS_ROUNDS !== undefined;
const SIZES = FULL ? [16, 24, 32] : [4, 6, 8];
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);

let server: OwnServer;
test.beforeEach(async () => {
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

interface Device {
  table: number;
  context: BrowserContext;
  page: Page;
  cut: boolean;
}

/** Cuts or restores a device's connection, and notes which it is. */
async function toggleConnection(device: Device) {
  if (device.cut) await restoreConnection(device.context);
  else await cutConnection(device.context);
  device.cut = !device.cut;
}

type Pulling = { names: [string, string]; label: string } | null;

/**
 * The match now pulling at a device as shown right now: its athletes and its round; null when none is ready.
 * Only calls that answer at once: the screen can move on between two of them (a result delivered, a read come
 * back), and a call that waits for an element would wait for one that is gone, past the poll's timeout.
 */
async function shownNow(page: Page): Promise<Pulling | 'loading'> {
  const card = page.getByRole('region', { name: 'Now pulling' });
  if (await page.getByText('No match is ready at this table.').isVisible()) return null;
  if (!(await card.isVisible())) return 'loading';
  const labels = await card
    .getByRole('button', { name: / wins$/ })
    .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')!.replace(/ wins$/, '')));
  const label = await card.locator('p.muted').evaluateAll((ps) => ps[0]?.textContent ?? null);
  return labels.length === 2 && label !== null ? { names: [labels[0]!, labels[1]!], label } : 'loading';
}

/** The match now pulling once the screen shows one (or shows that none is ready). */
async function nowPulling(page: Page): Promise<Pulling> {
  await expect
    .poll(() => shownNow(page), { timeout: 30_000 })
    .not.toBe('loading')
    .catch(async (error: Error) => {
      // What the volunteer would see instead, to tell a stuck screen from a slow one.
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '(no page)');
      throw new Error(`${error.message}\nThe screen shows:\n${text}`);
    });
  const shown = await shownNow(page);
  return shown === 'loading' ? nowPulling(page) : shown;
}

/** Two taps, as the volunteer does; then waits until the table has moved on. Answers false when nothing was ready. */
async function recordNext(page: Page): Promise<boolean> {
  const before = await nowPulling(page);
  if (!before) return false;
  const winner = scriptedWinner(SEED, ...before.names);
  await page
    .getByRole('region', { name: 'Now pulling' })
    .getByRole('button', { name: `${winner} wins` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${winner} wins` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const now = await shownNow(page);
        return now === 'loading' ? now : JSON.stringify(now) === JSON.stringify(before) ? 'the same match' : 'moved on';
      },
      { timeout: 30_000 },
    )
    .toBe('moved on');
  return true;
}

test('chaos: three offline table devices run their categories to the end; the server has every result exactly once', async ({
  browser,
}) => {
  test.setTimeout(FULL ? 1_800_000 : 480_000);
  console.log(`table chaos seed ${SEED} (CHAOS_SEED=${SEED} replays it), categories ${SIZES.join(', ')}`);
  const rng = mulberry32(SEED);

  const adminContext = await browser.newContext();
  const auth = await signInAdmin(await adminContext.newPage(), server.url);
  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    ok<T>(server.url, method, path, auth, body);
  // At the event of the demo's running tournament (today): a table link lasts until the day after its event.
  const { tournaments } = await call<{ tournaments: { event_id: number; published: boolean }[] }>(
    'GET',
    '/tournaments',
  );
  const made = await makeTournament(
    server.url,
    auth,
    tournaments.find((t) => !t.published)!.event_id,
    `Chaos ${SEED}`,
    SIZES.map((size, i) => ({ size, table: i + 1 })),
  );
  const start = await call<Tournament>('GET', `/tournaments/${made.id}`);
  const reference = start.categories.map((c) => referenceRun(c, start.settings, SEED));

  const devices: Device[] = [];
  for (const table of [1, 2, 3]) {
    const { url } = await call<{ url: string }>('POST', `/admin/tournaments/${made.id}/tables/${table}/link`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/${new URL(url).hash}`);
    await expect(page.getByRole('heading', { name: `Table ${table}` })).toBeVisible({ timeout: 30_000 });
    // A device opened once works offline from then on: its worker and its screen's chunks are in place.
    await waitForWorker(page);
    await waitForAssetsKept(page);
    devices.push({ table, context, page, cut: false });
  }

  let up = true;
  const log: string[] = [];
  const finished = new Set<number>();
  // The first rounds make sure every kind of trouble happens, whatever the seed.
  const scripted = ['record', 'connection', 'record', 'record', 'server', 'record', 'reload', 'record', 'server'];
  // The rounds so far are printed if the run fails, to replay it with its seed.
  test.info().annotations.push({ type: 'rounds', description: '' });
  const trail = test.info().annotations.at(-1)!;
  for (let round = 0; finished.size < devices.length; round++) {
    const active = devices.filter((d) => !finished.has(d.table));
    const device = active[Math.floor(rng() * active.length)]!;
    const roll = rng();
    const action =
      scripted[round] ?? (roll < 0.75 ? 'record' : roll < 0.87 ? 'connection' : roll < 0.94 ? 'reload' : 'server');
    log.push(`${round}:${action}:t${device.table}:${up ? 'up' : 'down'}${device.cut ? ':cut' : ''}`);
    trail.description = log.join(' ');
    if (action === 'record') {
      if (!(await recordNext(device.page))) finished.add(device.table);
    } else if (action === 'connection') {
      await toggleConnection(device);
    } else if (action === 'reload') {
      await device.page.reload();
      await expect(device.page.getByRole('heading', { name: `Table ${device.table}` })).toBeVisible({
        timeout: 30_000,
      });
    } else {
      if (up) await server.kill();
      else await server.start();
      up = !up;
    }
  }

  // Everything back: the devices deliver what they kept.
  if (!up) await server.start();
  for (const device of devices) if (device.cut) await toggleConnection(device);
  for (const device of devices) {
    await expect
      .poll(
        async () => {
          await device.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
          return device.page.getByText('Every result is delivered.').isVisible();
        },
        { timeout: 90_000, intervals: [500, 1000, 2000] },
      )
      .toBe(true);
  }
  console.log(`table chaos rounds: ${log.join(' ')}`);

  const end = await readTournament(server.url, made.id);
  // Nothing refused: a device's refusals would be listed under 'Refused by the server'.
  for (const device of devices) {
    await expect(device.page.getByRole('region', { name: 'Refused by the server' }), `seed ${SEED}`).toHaveCount(0);
  }
  end.categories.forEach((category, i) => {
    expect(category.status, `seed ${SEED}: ${category.name}`).toBe('finished');
    expect(winnersOf(category), `seed ${SEED}: ${category.name}`).toEqual(reference[i]);
  });
  const { conflicts } = await call<{ conflicts: unknown[] }>('GET', `/admin/tournaments/${made.id}/conflicts`);
  expect(conflicts, `seed ${SEED}`).toEqual([]);
  // One stored result per match pulled: nothing lost, nothing twice.
  const stored = server.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM tournament_results r JOIN tournament_matches m ON m.id = r.match_id
       JOIN tournament_categories c ON c.id = m.category_id WHERE c.tournament_id = ?`,
    [made.id],
  )[0]!.n;
  expect(stored).toBe(reference.reduce((n, r) => n + Object.keys(r).length, 0));
  for (const device of devices) await device.context.close();
  await adminContext.close();
});
