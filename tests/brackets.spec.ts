import type { Locator, Page } from '@playwright/test';
import { bracketLayout, type LayoutBox } from '../src/app/features/tournament/common/bracket-layout.ts';
import { buildBracket, METHOD_LABELS } from '../src/shared/tournament/index.ts';
import type { TournamentCategory } from '../src/shared/tournament-contract/category.ts';
import type { Tournament, TournamentSummary } from '../src/shared/tournament-contract/tournament.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer } from './support/own-server.ts';
import { persistedQueryKeys, waitForWorker } from './support/worker.ts';

/**
 * The brackets page on the production build and the real server with the demo's tournaments: the list newest
 * first, a tournament's categories with their state, the 64-athlete bracket drawn as a tree (each box between
 * its feeders, lines, codes, a path lit, keyboard, zoom on a phone) and as the list opened on its current round,
 * placings of a finished category, 'Find an athlete' by a deep link, the event details' link, axe, and a bracket
 * seen once opening offline with its age.
 */
async function tournaments(base: string): Promise<TournamentSummary[]> {
  const res = await fetch(`${base}/api/v1/tournaments`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as { tournaments: TournamentSummary[] }).tournaments;
}
async function tournament(base: string, id: number): Promise<Tournament> {
  const res = await fetch(`${base}/api/v1/tournaments/${id}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as Tournament;
}
/** Today's running tournament and its biggest category (the demo's 64). */
async function running(base: string) {
  const list = await tournaments(base);
  const today = await tournament(base, list.find((t) => !t.published)!.id);
  const big = [...today.categories].sort((x, y) => y.entries.length - x.entries.length)[0]!;
  return { list, today, big };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Whether a round stands at the start of its sideways-scrolling row (the row was scrolled to it). */
const startsItsRow = (round: Locator) =>
  round.evaluate((el) => {
    const row = el.parentElement!.getBoundingClientRect();
    return Math.abs(el.getBoundingClientRect().left - row.left) <= 2;
  });

/** Whether a box stands wholly within the drawing's scrolled frame (the frame itself may be below the fold). */
const inDrawingView = (box: Locator) =>
  box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const frame = el.closest('.tree-viewport')!.getBoundingClientRect();
    return r.left >= frame.left && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom;
  });

/** Each box's rectangle on the page, by its code. */
const boxRects = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('.tree-box')].map((el) => {
        const r = el.getBoundingClientRect();
        return [el.dataset.code!, { left: r.left, right: r.right, mid: r.top + r.height / 2, width: r.width }];
      }),
    ),
  );

/** What a screen reader hears for a decided match's box. */
function decidedName(m: TournamentCategory['matches'][number]): string {
  const winner = m.winner === 'A' ? m.a : m.b;
  const round = `${m.bracket === 'W' ? 'Winners’' : 'Losers’'} round ${m.round}, match ${m.code.split('-')[1]}`;
  return `${round}: ${m.a} against ${m.b}, ${winner} won by ${METHOD_LABELS[m.method!].toLowerCase()}`;
}

test.describe('brackets page', () => {
  test('the tournaments newest first; a tournament, its categories with their state; the 64 on its current round; axe', async ({
    page,
    baseURL,
  }) => {
    const { list, today, big } = await running(baseURL!);
    expect(big.entries.length).toBe(64);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brackets' }).click();
    await expect(heading(page, 'Brackets')).toBeVisible();
    const links = page.getByRole('list', { name: 'Tournaments' }).getByRole('link');
    await expect(links).toHaveCount(list.length);
    expect(list.map((t) => t.date)).toEqual([...list.map((t) => t.date)].sort().reverse());
    await expect(links.first()).toContainText(list[0]!.name);
    expect(await axeViolations(page)).toEqual([]);

    await links.filter({ hasText: today.name }).click();
    await expect(heading(page, today.name)).toBeVisible();
    const categories = page.getByRole('navigation', { name: 'Categories' });
    for (const label of ['Not drawn', 'Running', 'Finished']) {
      await expect(categories.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await categories.getByRole('link').filter({ hasText: big.name }).click();
    await expect(page).toHaveURL(new RegExp(`category=${big.id}`));
    const winners = page.getByRole('region', { name: 'Winners’ bracket' });
    await expect(winners).toBeVisible();
    await expect(page.getByRole('region', { name: 'Losers’ bracket' })).toBeVisible();
    // The list of rounds: the round being pulled is the one shown first, scrolled to.
    await page.getByRole('button', { name: 'List' }).click();
    const firstReady = big.matches.find((m) => m.status === 'ready')!;
    const current = page.locator(`.section-${firstReady.bracket} .bracket-round.current`);
    await expect(current.locator('h4')).toHaveText(`Round ${firstReady.round}`);
    await expect.poll(() => startsItsRow(current)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a finished category: placings, winners highlighted, byes; Find an athlete by a deep link', async ({
    page,
    baseURL,
  }) => {
    const list = await tournaments(baseURL!);
    const published = await tournament(baseURL!, list.find((t) => t.published)!.id);
    const category = published.categories.find((c) => c.byes.length > 0 && c.placings.length > 0)!;
    const champion = category.placings.find((p) => p.place === 1)!.name;
    await page.goto(
      `/#/brackets?tournament=${published.id}&category=${category.id}&athlete=${encodeURIComponent(champion)}`,
    );
    await expect(heading(page, published.name)).toBeVisible();
    const placings = page.getByRole('region', { name: 'Placings' });
    await expect(placings.getByRole('listitem').first()).toContainText(`1st ${champion}`);
    await expect(page.getByRole('region', { name: 'Final', exact: true })).toBeVisible();
    // A finished bracket opens on its final; Fit shows it whole, byes and all.
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect(page.getByRole('region', { name: 'Winners’ bracket' }).getByText('Bye', { exact: true })).toHaveCount(
      category.byes.length,
    );
    // The champion's path is lit, ending at the final they won.
    await expect(page.locator('.tree-box.lit[data-code="F1"] .tree-athlete.winner')).toContainText(champion);
    const finds = page.getByRole('list', { name: `${champion} in this tournament` });
    await expect(finds).toContainText(`${category.name}: 1st place`);
    await expect(page.getByRole('combobox', { name: 'Find an athlete' })).toHaveValue(champion);
    await expect(page.getByRole('table')).toContainText('Points');
  });

  test('the event details link to the event’s brackets', async ({ page, baseURL }) => {
    const list = await tournaments(baseURL!);
    const t = list[0]!;
    await page.goto(`/#/events?id=${t.event_id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Brackets' }).click();
    await expect(heading(page, t.name)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/brackets\\?tournament=${t.id}`));
  });

  test('on a phone the 64 opens on the match being pulled, and only the drawing scrolls sideways', async ({
    page,
    baseURL,
  }, info) => {
    const { today, big } = await running(baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#/brackets?tournament=${today.id}&category=${big.id}`);
    const start = page.locator(`.tree-box[data-code="${big.matches.find((m) => m.status === 'ready')!.code}"]`);
    const pulling = page.locator('.tree-box.state-pulling');
    // The match now pulling at the category's table, or the first ready one when the table pulls another category.
    await expect.poll(() => inDrawingView(pulling.or(start).first())).toBe(true);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.tree-viewport'))
        .map((e) => `${e.tagName}.${e.className}`),
    );
    expect(wide).toEqual([]);
    await page.screenshot({ path: info.outputPath('brackets-390.png') });
    await page.getByRole('button', { name: 'List' }).click();
    const current = page.locator('.bracket-round.current').first();
    await expect.poll(() => startsItsRow(current)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: info.outputPath('brackets-desktop.png') });
  });
});

test.describe('the bracket as a tree', () => {
  test('the 64: each box between its feeders, lines and codes; a path lit; keyboard and names; axe', async ({
    page,
    baseURL,
  }) => {
    const { today, big } = await running(baseURL!);
    const layout = bracketLayout(buildBracket(big.entries.length, { superFinal: today.settings.super_final }));
    await page.goto(`/#/brackets?tournament=${today.id}&category=${big.id}`);
    // Only the boxes in and near the view are drawn at first.
    await expect(
      page.locator('.tree-box.state-pulling').or(page.locator('.tree-box.state-called')).first(),
    ).toBeVisible();
    expect(await page.locator('.tree-box').count()).toBeLessThan(layout.boxes.length);

    // 'Find an athlete': the drawing goes to their next match (or their last one).
    const won = big.matches.find((m) => m.code.startsWith('W2-') && m.status === 'done')!;
    const athlete = won.winner === 'A' ? won.a! : won.b!;
    const entry = won.winner === 'A' ? won.a_entry : won.b_entry;
    const theirs = big.matches.filter((m) => m.a_entry === entry || m.b_entry === entry);
    const next = theirs.find((m) => m.status !== 'done') ?? theirs.at(-1)!;
    await page.getByRole('combobox', { name: 'Find an athlete' }).fill(athlete);
    await expect(page).toHaveURL(/athlete=/);
    await expect.poll(() => inDrawingView(page.locator(`.tree-box[data-code="${next.code}"]`))).toBe(true);

    // Fit: the whole drawing, every box drawn.
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect(page.locator('.tree-box')).toHaveCount(layout.boxes.length);
    const rects = await boxRects(page);
    expect(Object.keys(rects).sort()).toEqual(layout.boxes.map((b) => b.code).sort());
    const feeders = (b: LayoutBox) => [b.a, b.b].flatMap((f) => (f?.kind === 'box' ? [f.code] : []));
    let between = 0;
    for (const box of layout.boxes) {
      const own = rects[box.code]!;
      const from = [...new Set(feeders(box))].map((code) => rects[code]!);
      for (const f of from) expect(f.right, `${box.code} stands right of its feeders`).toBeLessThan(own.left);
      if (from.length === 2) {
        between++;
        const [top, bottom] = from.map((f) => f.mid).sort((x, y) => x - y);
        expect(own.mid, `${box.code} stands between its feeders`).toBeGreaterThan(top!);
        expect(own.mid, `${box.code} stands between its feeders`).toBeLessThan(bottom!);
      } else if (from.length === 1) {
        expect(Math.abs(own.mid - from[0]!.mid), `${box.code} stands level with its feeder`).toBeLessThan(0.5);
      }
    }
    expect(between).toBeGreaterThan(40);
    // A line per feed, one path of them; every box shows its code, a drop-in its winners' match.
    const lines = await page.locator('.tree-lines path').first().getAttribute('d');
    expect(lines!.match(/M/g)).toHaveLength(layout.connectors.length);
    await expect(page.locator('.tree-box[data-code="W3-2"] .tree-code')).toHaveText('W3-2');
    await expect(page.locator('.tree-box[data-code="L4-1"]')).toContainText(/L4-1/);
    const drop = layout.byCode.get('L4-1')!.b!;
    expect(drop.kind).toBe('drop');
    if (!big.matches.find((m) => m.code === 'L4-1')!.b) {
      await expect(page.locator('.tree-box[data-code="L4-1"]')).toContainText(
        `Loser of ${(drop as { code: string }).code}`,
      );
    }
    // The athlete's path: every box they stand in, and the lines they went on by.
    await expect(page.locator('.tree-box.lit')).toHaveCount(
      theirs.length + big.byes.filter((b) => b.entry_id === entry).length,
    );
    const lit = await page.locator('.tree-lines path.lit').getAttribute('d');
    expect(lit!.match(/M/g)!.length).toBeGreaterThanOrEqual(2);

    // Keyboard: past the zoom buttons, the first match of the winners' first round, named for a screen reader;
    // Tab goes on box by box.
    const w1 = big.matches
      .filter((m) => m.code.startsWith('W1-'))
      .sort((x, y) => Number(x.code.slice(3)) - Number(y.code.slice(3)));
    await page.getByRole('button', { name: 'Fit' }).focus();
    await page.keyboard.press('Tab');
    const focused = page.locator(`.tree-box[data-code="${w1[0]!.code}"]`);
    await expect(focused).toBeFocused();
    await expect(focused).toHaveAccessibleName(decidedName(w1[0]!));
    await expect(focused).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Tab');
    await expect(page.locator(`.tree-box[data-code="${w1[1]!.code}"]`)).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    // The list: the same matches round by round.
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.locator('.tree-box')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Winners’ bracket' }).locator('.bracket-round')).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('on a phone, + and − zoom the drawing and Fit shows it whole @phone', async ({ page, baseURL }) => {
    const { today, big } = await running(baseURL!);
    await page.goto(`/#/brackets?tournament=${today.id}&category=${big.id}`);
    const drawing = page.locator('.tree-sizer');
    const width = async () => (await drawing.boundingBox())!.width;
    const box = page.locator('.tree-box.state-pulling').or(page.locator('.tree-box.state-called')).first();
    await expect(box).toBeVisible();
    const natural = await width();
    const boxWidth = (await box.boundingBox())!.width;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(width).toBeGreaterThan(natural * 1.2);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(width).toBeLessThan(natural * 0.85);
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(width).toBeLessThan(natural * 0.3);
    // Whole: the first box and the final both within the drawing's frame, each drawn smaller.
    const frame = (await page.locator('.tree-viewport').boundingBox())!;
    for (const code of ['W1-1', 'F1']) {
      const b = (await page.locator(`.tree-box[data-code="${code}"]`).boundingBox())!;
      expect(b.width).toBeLessThan(boxWidth * 0.3);
      expect(b.x).toBeGreaterThanOrEqual(frame.x);
      expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(b.y + b.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
  });
});

test('a bracket seen once opens offline, with its age, also after a refresh failed with the server gone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const server = await ownServer();
  try {
    const { today, big } = await running(server.url);
    const address = `${server.url}/#/brackets?tournament=${today.id}&category=${big.id}`;
    // One visit, not controlled by the worker: the tournament's answer is only in the saved query cache.
    await page.goto(address);
    await waitForWorker(page);
    await expect(page.getByRole('region', { name: 'Winners’ bracket' })).toBeVisible();
    await expect.poll(() => persistedQueryKeys(page)).toContain(`["tournaments",${today.id}]`);

    await server.kill();
    // The first load offline shows the saved copy and asks the server again, in vain. That failed refresh
    // must not wipe the copy: the next load shows it too.
    const refresh = page.waitForEvent('requestfailed', (r) => r.url().endsWith(`/api/v1/tournaments/${today.id}`));
    await page.reload();
    await refresh;
    await page.reload();
    await expect(heading(page, today.name)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Winners’ bracket' })).toBeVisible();
    await expect(page.getByText(/^Offline: showing data from/)).toBeVisible();
  } finally {
    await server.dispose();
  }
});
