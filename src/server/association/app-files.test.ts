import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AssociationSettings } from '../../shared/association.ts';
import type { FirstScreenAssociation } from '../../shared/association-first-screen.ts';
import { createHarness } from '../test/harness.ts';
import { writeSettings } from './store.ts';

/**
 * The page and the web app manifest follow the association profile: made by the server from it, each with a
 * strong ETag that changes with it, with no rebuild and no restart.
 */

type Harness = Awaited<ReturnType<typeof createHarness>>;
let h: Harness;

/** The source index.html as the build's page: the build adds its scripts and keeps the rest as written. */
const SOURCE_PAGE = fs
  .readFileSync(path.resolve('index.html'), 'utf8')
  .replace(
    '<script type="module" src="/src/app/main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/main-abc123.js"></script>',
  );

const KG: AssociationSettings = {
  ...DEFAULT_SETTINGS,
  name: 'Baltic <Arm> & "Wrist" </script><!-- Federation',
  short_name: 'Baltic AW',
  region: 'Lithuania',
  units: 'kg',
  theme_color: '#7a1f2b',
  classes: { M: ['70', '80', '90', '100', '100+'], F: ['60', '70', '70+'] },
  divisions: [
    { code: 'senior', label: 'Seniors', medals: 'tournament' },
    { code: 'masters', label: 'Masters', medals: 'tournament' },
  ],
  talent_categories: [],
};

beforeEach(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-page-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), SOURCE_PAGE);
  // A manifest left in the build by an older build setup: the server's, from the profile, is the one served.
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Built' }));
  h = await createHarness({ staticDir: dist });
  fs.rmSync(dist, { recursive: true, force: true });
});
afterEach(() => h.close());

const page = async (p = '/', headers: Record<string, string> = {}) => {
  const res = await h.request(p, { headers });
  return { res, html: res.status === 200 ? await res.text() : '' };
};

/** The data block's JSON, as the app reads it (JSON.parse of the element's text). */
function dataBlock(html: string): FirstScreenAssociation {
  const m = /<script id="association-data" type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(m, 'the data block').not.toBeNull();
  return JSON.parse(m![1]!) as FirstScreenAssociation;
}

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
/** The top bar's name in the shell painted before the app runs (Prettier may break the element's tags). */
const brandName = (html: string) => attr(html, /<span class="brand-name"\s*>([^<]*)<\/span\s*>/);

describe('the page the server serves', () => {
  it("carries today's association while none was set: its name in the title, top bar and home-screen title", async () => {
    const { res, html } = await page();
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(html).toContain('<title>Arm-wrestling Rankings</title>');
    expect(brandName(html)).toBe('Arm-wrestling Rankings');
    expect(attr(html, /<meta name="apple-mobile-web-app-title" content="([^"]*)"/)).toBe('AW Rankings');
    expect(attr(html, /<meta name="theme-color" content="([^"]*)"/)).toBe('#0f172a');
    expect(dataBlock(html)).toEqual({
      name: 'Arm-wrestling Rankings',
      short_name: 'AW Rankings',
      theme_color: '#0f172a',
      units: 'lbs',
      classes: DEFAULT_SETTINGS.classes,
      divisions: DEFAULT_SETTINGS.divisions.map(({ code, label }) => ({ code, label })),
      version: 0,
      logo: null,
    });
    // The page's scripts are the build's, untouched.
    expect(html).toContain('<script type="module" crossorigin src="/assets/main-abc123.js"></script>');
  });

  it('follows a change of the profile at the next request, with the name escaped in the HTML and in the data block', async () => {
    const before = await page();
    writeSettings(h.db, KG, 'test');
    const { res, html } = await page('/events?id=2');
    expect(res.headers.get('ETag')).not.toBe(before.res.headers.get('ETag'));

    const escaped = 'Baltic &#60;Arm&#62; &#38; &#34;Wrist&#34; &#60;/script&#62;&#60;!-- Federation';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(brandName(html)).toBe(escaped);
    expect(attr(html, /<meta name="apple-mobile-web-app-title" content="([^"]*)"/)).toBe('Baltic AW');
    expect(attr(html, /<meta name="theme-color" content="([^"]*)"/)).toBe('#7a1f2b');
    // Nothing in the name ends the data block early or opens a comment in it: every '<' is an escape.
    const block = /<script id="association-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toMatch(/[<>&]/);
    expect(dataBlock(html)).toEqual({
      name: KG.name,
      short_name: 'Baltic AW',
      theme_color: '#7a1f2b',
      units: 'kg',
      classes: KG.classes,
      divisions: [
        { code: 'senior', label: 'Seniors' },
        { code: 'masters', label: 'Masters' },
      ],
      version: 1,
      logo: null,
    });
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('is made once per version of the profile: the same ETag and bytes until it changes, 304 for the tag held', async () => {
    const first = await page('/', { 'Accept-Encoding': 'br' });
    const tag = first.res.headers.get('ETag')!;
    expect(first.res.headers.get('Content-Encoding')).toBe('br');
    const again = await h.request('/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag } });
    expect(again.status).toBe(304);

    writeSettings(h.db, { ...DEFAULT_SETTINGS, name: 'Oregon Arm Wrestling' }, 'test');
    const changed = await h.request('/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag } });
    expect(changed.status).toBe(200);
    const newTag = changed.headers.get('ETag')!;
    expect(newTag).not.toBe(tag);
    const html = brotliDecompressSync(Buffer.from(await changed.arrayBuffer())).toString();
    expect(html).toContain('<title>Oregon Arm Wrestling</title>');
    // The same tag for the same profile, request after request.
    expect((await h.request('/', { headers: { 'Accept-Encoding': 'br' } })).headers.get('ETag')).toBe(newTag);
    expect((await page('/index.html')).html).toContain('<title>Oregon Arm Wrestling</title>');
  });

  it("points iOS's home-screen icon, the tab's icon and the top bar's at the association's logo once one is uploaded", async () => {
    const icons = (html: string): unknown[] => [
      attr(html, /<link rel="apple-touch-icon" href="([^"]*)"/),
      attr(html, /<link rel="icon" href="([^"]*)"/),
      attr(html, /<link rel="icon" href="[^"]*" type="([^"]*)"/),
      attr(html, /class="brand"\s*><img src="([^"]*)"/),
      dataBlock(html).logo,
    ];
    expect(icons((await page()).html)).toEqual([
      '/icons/apple-touch-icon.png',
      '/icon.svg',
      'image/svg+xml',
      '/icon.svg',
      null,
    ]);
    uploadLogo(2);
    const icon = '/api/v1/association/icons/icon_192.png?v=2';
    expect(icons((await page()).html)).toEqual([icon, icon, 'image/png', icon, { icon_192: icon }]);
  });
});

/** The icons a logo upload stores (its route is the association API's): a tiny PNG under each name. */
function uploadLogo(version: number) {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  for (const name of ['icon_192', 'icon_512', 'maskable_512']) {
    h.db
      .prepare(
        'INSERT INTO association_icons (name, png, version) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET png = excluded.png, version = excluded.version',
      )
      .run(name, png, version);
  }
}

/** The manifest's three icons: 192 and 512 px for any use, and a maskable 512 px. */
const icons = (any192: string, any512: string, maskable512: string) => [
  { src: any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

describe('the web app manifest', () => {
  const manifest = async (headers: Record<string, string> = {}) => h.request('/manifest.webmanifest', { headers });

  it("answers today's association while none was set, with the app's icons, a strong ETag and no-cache", async () => {
    const res = await manifest();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('ETag')).toMatch(/^"[\w-]+"$/);
    expect(await res.json()).toEqual({
      name: 'Arm-wrestling Rankings',
      short_name: 'AW Rankings',
      description: 'Arm-wrestling Rankings: leaderboards, athlete cards, events, supermatches and clubs.',
      theme_color: '#0f172a',
      background_color: '#0f172a',
      display: 'standalone',
      start_url: '/#/leaderboards',
      scope: '/',
      icons: icons('/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png'),
    });
    const again = await manifest({ 'If-None-Match': res.headers.get('ETag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(res.headers.get('ETag'));
  });

  it("answers the profile's name, short name, colour and logo's icons after a change, with a new ETag", async () => {
    const before = await manifest();
    const tag = before.headers.get('ETag')!;
    writeSettings(h.db, KG, 'test');
    uploadLogo(3);
    const res = await manifest({ 'If-None-Match': tag });
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).not.toBe(tag);
    expect(await res.json()).toMatchObject({
      name: KG.name,
      short_name: 'Baltic AW',
      theme_color: '#7a1f2b',
      background_color: '#7a1f2b',
      icons: icons(
        '/api/v1/association/icons/icon_192.png?v=3',
        '/api/v1/association/icons/icon_512.png?v=3',
        '/api/v1/association/icons/maskable_512.png?v=3',
      ),
    });
    const unchanged = await manifest({ 'If-None-Match': res.headers.get('ETag')! });
    expect(unchanged.status).toBe(304);
  });
});
