import zlib from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { signInAs } from './support/sign-in.ts';
import type { Crop } from '../src/shared/supermatches.ts';
import type { SupermatchList } from '../src/shared/answers/supermatches.ts';

/**
 * The supermatch image editor against the real server: the demo admin opens a
 * card's pencil, uploads a portrait, crops it with the keyboard and saves; the
 * card shows it at once, and a signed-out visitor sees it too. A file that is
 * no picture is refused. These tests store pictures, so each worker runs a
 * server of its own (fresh demo database).
 */

const ADMIN = 'Morgan Vance';
const TITLE = 'Edit Supermatch Images';
const UPLOAD_FAILED = 'Upload failed. Please try again.';

let server: OwnServer;
test.beforeAll(async () => {
  server = await ownServer();
});
test.afterAll(async () => {
  await server?.dispose();
});

/** The test portrait: 300 x 600, red on the left half, green on the top half, blue rising from left to right. */
const W = 300;
const H = 600;
const colourAt = (u: number, v: number): [number, number, number] => [
  u < W / 2 ? 255 : 0,
  v < H / 2 ? 255 : 0,
  Math.floor((255 * Math.floor(u)) / W),
];
function portraitPng(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < H; y++) {
    const row = Buffer.alloc(1 + W * 3);
    for (let x = 0; x < W; x++) row.set(colourAt(x, y), 1 + x * 3);
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(W, 0);
  header.writeUInt32BE(H, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The picture region (picture pixels) a crop frames: the rule of src/app/lib/portrait.ts, worked by hand. */
function framed(crop: Crop) {
  const width = W / H < 3 / 5 ? W / crop.scale : ((H / crop.scale) * 3) / 5;
  const height = (width * 5) / 3;
  return {
    left: (crop.object_position.x / 100) * (W - width),
    top: (crop.object_position.y / 100) * (H - height),
    width,
    height,
  };
}

/** The RGB of each point (fractions of its box) of what an element shows on screen. */
async function coloursOf(page: Page, el: Locator, points: [number, number][]) {
  const shot = (await el.screenshot()).toString('base64');
  return page.evaluate(
    async ({ shot, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${shot}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return points.map(([fx, fy]) =>
        Array.from(ctx.getImageData(Math.floor(fx * img.width), Math.floor(fy * img.height), 1, 1).data.slice(0, 3)),
      );
    },
    { shot, points },
  );
}

/** Signs the demo admin in and opens the supermatches page: the first card's pencil, and the card. */
async function adminOnSupermatches(page: Page) {
  await page.goto(`${server.url}/`);
  await signInAs(page, ADMIN);
  await page.goto(`${server.url}/#/supermatches`);
  const pencil = page.getByRole('button', { name: /^Edit images for / }).first();
  await expect(pencil).toBeVisible();
  const title = (await pencil.getAttribute('aria-label'))!.replace(/^Edit images for /, '');
  const [a] = title.split(' vs ') as [string, string];
  // By its id: while the modal editor is open the page behind it is out of the accessibility tree.
  const id = await pencil.locator('xpath=ancestor::article[1]').getAttribute('id');
  return { pencil, title, a, card: page.locator(`article[id="${id}"]`) };
}

test('an admin uploads and crops a portrait; the card shows it at once, and a visitor sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { pencil, title, a, card } = await adminOnSupermatches(page);
  await pencil.click();
  const editor = page.getByRole('dialog', { name: TITLE });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('radio', { name: /^Left/ })).toBeChecked();

  // Upload: the picture is stored for athlete A's left side, and the cropper shows it.
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/athlete-images/upload'));
  await editor.getByLabel('Upload & Save URL').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: portraitPng(),
  });
  const { url } = (await (await uploaded).json()) as { url: string };
  await expect(editor.getByText(`New picture saved for ${a}.`)).toBeVisible();
  const cropper = editor.getByRole('group', { name: `Crop area: left picture of ${a}` });
  await expect(cropper.locator('img').first()).toBeVisible();
  await expect(editor.getByText('Upload & Save URL')).toBeVisible();

  // The card behind the editor already shows the new picture.
  await expect(card.locator(`img[src="${url}"]`)).toHaveCount(1);

  // Crop with the keyboard: zoom in 10 steps (x1.02 each), move the frame left and up.
  const numbers = editor.locator('.smi-numbers');
  const zoomShown = async () => Number(/Zoom ([\d.]+)×/.exec((await numbers.textContent())!)![1]);
  const start = await zoomShown();
  await cropper.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('+');
  await expect.poll(zoomShown).toBeGreaterThan(start * 1.2 - 0.02);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ArrowUp');
  const keyed = await zoomShown();
  // From the card's crop, 10 steps of 1.02 (about x1.22).
  expect(keyed / start).toBeGreaterThan(1.2);
  expect(keyed / start).toBeLessThan(1.24);

  // One wheel notch over the cropper zooms in one step, one the other way zooms back out (x0.98).
  const area = (await cropper.boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(0, -100);
  await expect.poll(zoomShown).toBeGreaterThan(keyed);
  expect((await zoomShown()) / keyed).toBeGreaterThan(1.01);
  expect((await zoomShown()) / keyed).toBeLessThan(1.03);
  await page.mouse.wheel(0, 100);
  await expect.poll(zoomShown).toBeLessThan(keyed + 0.015);
  const zoom = await zoomShown();
  expect(Math.abs(zoom - keyed)).toBeLessThan(0.015);

  expect(await axeViolations(page)).toEqual([]);

  const saved = page.waitForRequest((r) => r.url().endsWith('/api/v1/athlete-images/crops'));
  await editor.getByRole('button', { name: 'Save Crop' }).click();
  const body = (await saved).postDataJSON() as { name: string; left_crop: Crop };
  expect(body.name).toBe(a);
  expect(body.left_crop.scale).toBeCloseTo(zoom, 1);
  await expect(editor.getByText(`Crop saved for ${a}.`)).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save Crop' })).toBeEnabled();

  // The preview ('On the card', the card's own rule) shows exactly the framed region of the picture.
  const region = framed(body.left_crop);
  const points: [number, number][] = [
    [0.2, 0.2],
    [0.5, 0.5],
    [0.8, 0.3],
    [0.3, 0.8],
    [0.85, 0.85],
  ];
  const seen = await coloursOf(page, editor.locator('.smi-frame'), points);
  let compared = 0;
  points.forEach(([fx, fy], i) => {
    const u = region.left + fx * region.width;
    const v = region.top + fy * region.height;
    // Points near the picture's edges or its colour borders could blend: skip them.
    if (u < 3 || v < 3 || u > W - 3 || v > H - 3 || Math.abs(u - W / 2) < 3 || Math.abs(v - H / 2) < 3) return;
    const [r, g, b] = colourAt(u, v);
    const [sr, sg, sb] = seen[i]!;
    expect(Math.abs(sr! - r), `red at ${fx},${fy}`).toBeLessThan(40);
    expect(Math.abs(sg! - g), `green at ${fx},${fy}`).toBeLessThan(40);
    expect(Math.abs(sb! - b), `blue at ${fx},${fy}`).toBeLessThan(12);
    compared++;
  });
  expect(compared).toBeGreaterThanOrEqual(3);

  // Escape closes; the card keeps the new picture without a reload.
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(card.locator(`img[src="${url}"]`)).toBeVisible();

  // A visitor (signed out, another browser) sees the picture and the crop on the same card.
  const visitor = await (await browser.newContext()).newPage();
  const list = visitor.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/supermatches' && r.ok());
  await visitor.goto(`${server.url}/#/supermatches`);
  const cards = ((await (await list).json()) as SupermatchList).cards;
  const served = cards.find((c) => `${c.a} vs ${c.b}` === title)!;
  expect(served.leftImage).toBe(url);
  expect(served.leftCrop).toEqual(body.left_crop);
  const visitorCard = visitor.getByRole('article', { name: title });
  await expect(visitorCard.locator(`img[src="${url}"]`)).toBeVisible();
  await expect(visitorCard.getByRole('button', { name: /^Edit images for/ })).toHaveCount(0);
  await visitor.context().close();
});

test("a file that is no picture is refused with 'Upload failed. Please try again.'; the empty side and the closing", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { pencil, title } = await adminOnSupermatches(page);
  const b = title.split(' vs ')[1]!;
  await pencil.click();
  const editor = page.getByRole('dialog', { name: TITLE });
  await expect(editor).toBeVisible();

  // Right edits athlete B's right picture.
  await editor.getByRole('radio', { name: /^Right/ }).check();
  await expect(editor.getByRole('radio', { name: /^Right/ })).toBeChecked();
  await expect(editor.getByText(new RegExp(`^Stored for ${b}|^Nothing stored for ${b}`))).toBeVisible();

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/athlete-images/upload'));
  await editor.getByLabel('Upload & Save URL').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: Buffer.from('This is a note, not a picture.\n'),
  });
  const status = (await refused).status();
  expect(status >= 400 && status < 500, `refused with ${status}`).toBe(true);
  await expect(editor.getByRole('alert')).toHaveText(UPLOAD_FAILED);

  expect(await axeViolations(page)).toEqual([]);

  // A click on the overlay (outside the box) closes, as Escape does.
  await page.mouse.click(4, 4);
  await expect(editor).toBeHidden();
  await expect(pencil).toBeFocused();
});
