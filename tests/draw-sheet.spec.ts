import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { makeTournament, ok, readTournament, recordResult, signInAdmin } from './support/tournaments.ts';
import { persistedQueryKeys, waitForAssetsKept, waitForWorker } from './support/worker.ts';

/**
 * The draw sheets against the real server (its own: the test makes a tournament): a 12- and a 40-athlete category
 * made, weighed in and drawn through the admin API, a few results in the 12; the print view's preview (results
 * filled in, boxes for a pen, axe), then printed to PDF by Chromium and the PDF's pages read back (how many, what
 * size, which way up), on A4 and on Letter; no box cut at a page's edge; a sheet seen once opens offline.
 */
let server: OwnServer;
let tournamentId: number;
let small: number;
let big: number;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await ownServer();
  const page = await browser.newPage();
  const auth = await signInAdmin(page, server.url);
  await page.close();
  const { tournaments } = await ok<{ tournaments: { event_id: number }[] }>(server.url, 'GET', '/tournaments');
  const made = await makeTournament(server.url, auth, tournaments[0]!.event_id, 'Sheet Open', [
    { size: 12, table: 2 },
    { size: 40 },
  ]);
  [tournamentId, small, big] = [made.id, made.categories[0]!, made.categories[1]!];
  // Two results in the 12: one won by A, one by B on A's two fouls.
  const results = [{ winner: 'A' as const }, { winner: 'B' as const, method: 'fouls', fouls_a: 2 }];
  for (const result of results) {
    const category = (await readTournament(server.url, tournamentId)).categories.find((c) => c.id === small)!;
    const match = category.matches.find((m) => m.status === 'ready')!;
    expect((await recordResult(server.url, auth, tournamentId, match.id, result)).status).toBe(201);
  }
});
test.afterAll(async () => {
  await server?.dispose();
});

const address = (category?: number) =>
  `${server.url}/#/draw-sheet?tournament=${tournamentId}${category ? `&category=${category}` : ''}`;

/**
 * Each page of a PDF as [width, height] in points, in the document's page order (the page tree's Kids), read from
 * the page dictionaries, which Chromium writes uncompressed (only the content streams are deflated).
 */
function pdfPages(pdf: Buffer): [number, number][] {
  const text = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(m[1]!, m[2]!);
  const root = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o) && !/\/Parent /.test(o));
  const pages: [number, number][] = [];
  const visit = (body: string) => {
    if (/\/Type \/Pages\b/.test(body)) {
      for (const kid of /\/Kids \[([^\]]*)\]/.exec(body)![1]!.matchAll(/(\d+) 0 R/g)) visit(objects.get(kid[1]!)!);
      return;
    }
    const box = /\/MediaBox \[([^\]]*)\]/.exec(body)![1]!.trim().split(/\s+/).map(Number);
    pages.push([Math.round(box[2]! - box[0]!), Math.round(box[3]! - box[1]!)]);
  };
  visit(root!);
  return pages;
}

const printed = async (page: Page, format: 'A4' | 'Letter', preferCSSPageSize = true) =>
  pdfPages(await page.pdf({ format, preferCSSPageSize, printBackground: true }));

const A4 = { portrait: [596, 843], landscape: [843, 596] } as const;
const LETTER = { portrait: [612, 792], landscape: [792, 612] } as const;
const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

/**
 * Laid out for print (print media, the page as wide as the paper's printable width), each sheet page's height and
 * the top and bottom of each of its boxes, from the page's top, in millimetres. Each sheet page starts a printed
 * page, so a box lies within one printed page when it lies within the printable height from its sheet page's top;
 * and the PDF having exactly one page per sheet page says no sheet page ran over onto another.
 */
async function printLayout(page: Page, widthMm: number) {
  await page.setViewportSize({ width: Math.floor((widthMm * 96) / 25.4), height: 800 });
  await page.emulateMedia({ media: 'print' });
  const pages = await page.evaluate(() => {
    const mm = (px: number) => (px * 25.4) / 96;
    return [...document.querySelectorAll('.sheet-page')].map((p) => {
      const top = p.getBoundingClientRect().top;
      return {
        landscape: p.classList.contains('sheet-landscape'),
        height: mm(p.getBoundingClientRect().height),
        boxes: [...p.querySelectorAll('.sheet-box')].map((b) => {
          const r = b.getBoundingClientRect();
          return { code: b.getAttribute('data-code'), top: mm(r.top - top), bottom: mm(r.bottom - top) };
        }),
      };
    });
  });
  // Back to no emulation (not 'screen': page.pdf would then print the screen's styles).
  await page.emulateMedia({ media: null });
  return pages;
}

/** The printable height both A4 and Letter give inside the sheets' 10 mm margins. */
const PRINTABLE_MM = { portrait: 279.4 - 20, landscape: 210 - 20 };

function expectNothingCut(pages: Awaited<ReturnType<typeof printLayout>>, boxes: number) {
  for (const [i, p] of pages.entries()) {
    const limit = PRINTABLE_MM[p.landscape ? 'landscape' : 'portrait'];
    expect(p.height, `sheet page ${i + 1}`).toBeLessThanOrEqual(limit);
    for (const box of p.boxes) {
      expect(box.top, `${box.code} on sheet page ${i + 1}`).toBeGreaterThanOrEqual(0);
      expect(box.bottom, `${box.code} on sheet page ${i + 1}`).toBeLessThanOrEqual(limit);
    }
  }
  // Every match and bye, each once.
  const codes = pages.flatMap((p) => p.boxes.map((b) => b.code));
  expect(new Set(codes).size).toBe(codes.length);
  expect(codes).toHaveLength(boxes);
}

test('12 athletes: one portrait page on A4 or Letter, results written in and boxes for a pen; axe', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const category = (await readTournament(server.url, tournamentId)).categories.find((c) => c.id === small)!;
  const [won, fouls] = category.matches.filter((m) => m.status === 'done');
  await page.goto(address(small));
  await expect(page.getByRole('heading', { level: 1, name: 'Draw sheet: Sheet Open' })).toBeVisible();
  const sheet = page.getByRole('article', { name: category.name });
  await expect(sheet.getByRole('list', { name: 'Winners’ bracket: matches' })).toBeVisible();
  await expect(sheet.getByText('Drawn by lot · seed 1000 · 12 athletes')).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'Athletes in draw order' }).getByRole('listitem')).toHaveCount(12);

  // Decided: the winner ticked and the method; open: where the athletes come from, a line for the pen.
  const box = (code: string) => sheet.locator(`[data-code="${code}"]`);
  await expect(box(won!.code)).toContainText('Pin');
  await expect(box(won!.code).getByText(`${won!.a} (won)`)).toBeAttached();
  await expect(box(fouls!.code)).toContainText('Fouls');
  await expect(box(fouls!.code).getByText(`${fouls!.b} (won)`)).toBeAttached();
  const waiting = category.matches.find((m) => m.status === 'waiting' && m.bracket === 'L')!;
  await expect(box(waiting.code)).toContainText(/(Winner|Loser) of [WL]\d-\d/);
  await expect(box(waiting.code)).toContainText('Result to be written');
  await expect(box('F1')).toContainText('Winner of W4-1');
  await expect(box('F2')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The Print button prints the page.
  await page.evaluate(() => (window.print = () => void document.body.setAttribute('data-printed', 'yes')));
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  // The sheet names its orientation, not its paper: Chromium takes the paper from `format`.
  expect(await printed(page, 'A4')).toEqual([A4.portrait]);
  expect(await printed(page, 'Letter')).toEqual([LETTER.portrait]);
  // 2N - 2 matches, the super final, and the 4 byes of a 16-slot bracket.
  expectNothingCut(await printLayout(page, 190), 2 * 12 - 2 + 1 + 4);
});

test('40 athletes: four landscape pages; Print all mixes portrait and landscape', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(address(big));
  const sheet = page.getByRole('article', { name: /176 lbs/ });
  await expect(sheet.getByRole('list', { name: 'Losers’ bracket: matches' })).toBeVisible();
  // The athletes and the final; the winners' bracket in two halves; the losers' bracket.
  expect(await printed(page, 'A4')).toEqual(times(4, A4.landscape));
  expect(await printed(page, 'Letter')).toEqual(times(4, LETTER.landscape));
  // 2N - 2 matches, the super final, and the 24 byes of a 64-slot bracket.
  expectNothingCut(await printLayout(page, 259.4), 2 * 40 - 2 + 1 + 24);

  await page.goto(address());
  await expect(page.getByRole('heading', { level: 1, name: 'Draw sheets: Sheet Open' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  expect(await printed(page, 'Letter')).toEqual([LETTER.portrait, ...times(4, LETTER.landscape)]);
  // `preferCSSPageSize` changes nothing here: a size of only an orientation is followed either way.
  expect(await printed(page, 'A4', false)).toEqual([A4.portrait, ...times(4, A4.landscape)]);
});

test('a sheet seen once opens offline', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(address(small));
  await waitForWorker(page);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect.poll(() => persistedQueryKeys(page)).toContain(`["tournaments",${tournamentId}]`);
  await waitForAssetsKept(page);
  await server.kill();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Winners’ bracket: matches' })).toBeVisible();
  await expect(page.getByText(/^Offline: showing data from/)).toBeVisible();
});
