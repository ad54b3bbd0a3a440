import type { Page } from '@playwright/test';
import { mulberry32 } from '../src/shared/prng.ts';
import { expect, test } from './support/fixtures.ts';
import { cutConnection, restoreConnection } from './support/connection.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { waitForWorker } from './support/worker.ts';

/**
 * Randomized outages: submissions from two tabs while the server is killed
 * and restarted, pages are reloaded and the connection is cut. At the end
 * every submission is stored exactly once with its content. The seed is
 * printed; CHAOS_SEED=n replays a run.
 */
const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 24);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);

let server: OwnServer;
test.beforeEach(async () => {
  server = await ownServer();
});
test.afterEach(async () => {
  await server.dispose();
});

/** Sends feedback through the sheet, as a person would, and waits until the app has answered (sent or kept). */
async function sendFeedback(page: Page, text: string, during?: () => Promise<void>) {
  await page.getByRole('button', { name: 'Feedback', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Feedback' });
  await sheet.getByLabel('Your feedback').fill(text);
  await sheet.getByRole('button', { name: 'Send' }).click();
  if (during) await during();
  await expect(sheet).toHaveCount(0, { timeout: 20_000 });
}

test('chaos: every submission from two tabs arrives exactly once through crashes, reloads and cut connections', async ({
  browser,
}) => {
  // About ten seconds a round on this machine: a long run (CHAOS_ROUNDS=200) gets the time it needs.
  test.setTimeout(Math.max(240_000, ROUNDS * 10_000));
  console.log(`chaos seed ${SEED} (CHAOS_SEED=${SEED} replays it), ${ROUNDS} rounds`);
  const rng = mulberry32(SEED);
  const pick = <T>(xs: T[]) => xs[Math.floor(rng() * xs.length)]!;

  const context = await browser.newContext();
  const tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) await tab.goto(server.url);
  await waitForWorker(tabs[0]!);
  for (const tab of tabs) await tab.reload();

  const sent: string[] = [];
  let up = true;
  let cut = false;
  const log: string[] = [];

  for (let round = 0; round < ROUNDS; round++) {
    const tab = pick(tabs);
    // The first rounds make sure every kind of trouble happens at least once, whatever the seed.
    const scripted = ['submit', 'submit-answer-lost', 'submit-then-kill', 'submit', 'server', 'connection', 'submit'];
    const action =
      scripted[round] ??
      pick(['submit', 'submit', 'submit-then-kill', 'submit-answer-lost', 'server', 'reload', 'connection']);
    log.push(`${round}:${action}:tab${tabs.indexOf(tab)}:${up ? 'up' : 'down'}${cut ? ':cut' : ''}`);
    if (action === 'submit-answer-lost' && up && !cut) {
      // The request reaches the server and is stored, but the answer never comes back (a dropped connection).
      const text = `chaos ${SEED} #${round} from tab ${tabs.indexOf(tab)} (answer lost)`;
      await context.route(
        '**/api/v1/feedback',
        async (route) => {
          await route.fetch().catch(() => undefined);
          await route.abort('connectionreset');
        },
        { times: 1 },
      );
      await sendFeedback(tab, text);
      sent.push(text);
    } else if (action === 'submit' || action === 'submit-answer-lost' || (action === 'submit-then-kill' && !up)) {
      const text = `chaos ${SEED} #${round} from tab ${tabs.indexOf(tab)}`;
      await sendFeedback(tab, text);
      sent.push(text);
    } else if (action === 'submit-then-kill') {
      // The server dies while the request may be in flight: stored or not, the answer may be lost.
      const text = `chaos ${SEED} #${round} from tab ${tabs.indexOf(tab)} (server killed)`;
      await sendFeedback(tab, text, async () => {
        await new Promise((r) => setTimeout(r, Math.floor(rng() * 40)));
        await server.kill();
        up = false;
      });
      sent.push(text);
    } else if (action === 'server') {
      if (up) await server.kill();
      else await server.start();
      up = !up;
    } else if (action === 'reload') {
      await tab.reload();
    } else {
      if (cut) await restoreConnection(context);
      else await cutConnection(context);
      cut = !cut;
    }
  }

  // Everything back: the apps deliver what they kept.
  if (cut) await restoreConnection(context);
  if (!up) await server.start();
  await expect
    .poll(
      async () => {
        for (const tab of tabs) await tab.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        return server.query<{ n: number }>("SELECT COUNT(*) AS n FROM feedback WHERE text LIKE 'chaos %'")[0]!.n;
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBeGreaterThanOrEqual(sent.length);
  for (const tab of tabs) await expect(tab.getByRole('button', { name: /Waiting to send/ })).toHaveCount(0);

  console.log(`chaos rounds: ${log.join(' ')}`);
  // This run's feedback (the demo state has some of its own).
  const stored = server
    .query<{ text: string }>("SELECT text FROM feedback WHERE text LIKE 'chaos %' ORDER BY text")
    .map((r) => r.text);
  expect(stored, `seed ${SEED}; rounds ${log.join(' ')}`).toEqual([...sent].sort());
  expect(sent.length).toBeGreaterThan(5);
  await context.close();
});
