import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.ts';

/**
 * Draws the install icons from our SVG with Chromium and writes the PNGs to
 * public/icons (checked in; run again only when the artwork changes):
 * `node --import tsx scripts/make-icons.ts`.
 */
const GLYPH = 'M18 44c0-10 6-16 14-18l4-10c1-2 4-2 5 0l2 6c1 2 0 4-2 5l-3 2c5 2 8 7 8 15z';
const BG = '#0f172a';
const FG = '#fbbf24';

/** `scale` shrinks the glyph about the centre: maskable icons keep it inside the 80% safe zone. */
const svg = (rounded: boolean, scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BG}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)"><path d="${GLYPH}" fill="${FG}"/></g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: svg(true, 1) },
  { file: 'icon-512.png', size: 512, svg: svg(true, 1) },
  { file: 'maskable-512.png', size: 512, svg: svg(false, 0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: svg(false, 0.85) },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const out = path.resolve('public/icons');
fs.mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="${dataUrl}" width="${icon.size}" height="${icon.size}">`);
  await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
  await page.close();
  console.log(`public/icons/${icon.file}`);
}
await browser.close();
