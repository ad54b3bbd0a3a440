import zlib from 'node:zlib';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ASSOCIATION, DEFAULT_SETTINGS, type Association } from '../../shared/association.ts';
import type { AssociationChanges } from '../../shared/association-api.ts';
import type { AssociationPreview } from '../../shared/association-schema.ts';
import type { SupermatchReviewItem } from '../../shared/answers/review.ts';
import { SUBMISSION_PATHS } from '../../shared/submission-kinds.ts';
import { grantRole } from '../auth/roles.ts';
import { createHarness } from '../test/harness.ts';
import { WEBP } from '../test/pictures.ts';
import { expectRefused } from '../test/refused-input.ts';
import { resultsFixture } from '../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
beforeEach(async () => {
  h = await createHarness();
  grantRole(h.db, 'chair', 'admin');
  admin = await h.token({ sub: 'chair', email: 'chair@association.example' });
});
afterEach(() => h.close());

const put = (json: unknown, token = admin) => h.request('/api/v1/admin/association', { method: 'PUT', token, json });
const profile = async () => (await (await h.request('/api/v1/association')).json()) as Association;
const changes = async () =>
  ((await (await h.request('/api/v1/admin/association/changes', { token: admin })).json()) as AssociationChanges)
    .changes;
const undo = (id: number) =>
  h.request(`/api/v1/admin/association/changes/${id}/undo`, { method: 'POST', token: admin });

/** The kilogram classes most federations use (WAF). */
const WAF = {
  M: ['55', '60', '65', '70', '75', '80', '85', '90', '100', '110', '110+'],
  F: ['50', '55', '60', '65', '70', '80', '80+'],
};
/** Talent categories that name only WAF classes (the defaults name pound classes, which a kg profile lacks). */
const WAF_TALENT = [{ label: 'Light talent', classes: { M: ['70', '80'], F: ['60'] } }];

describe('GET /api/v1/association', () => {
  it('answers the defaults with a strong ETag, no-cache, 304 for a client that has it, and brotli or gzip', async () => {
    const res = await h.request('/api/v1/association');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await res.json()).toEqual(DEFAULT_ASSOCIATION);

    const again = await h.request('/api/v1/association', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    const gzip = await h.request('/api/v1/association', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('vary')).toBe('Accept-Encoding');
    const gzipTag = gzip.headers.get('etag')!;
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(DEFAULT_ASSOCIATION);
    const gzip304 = await h.request('/api/v1/association', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': gzipTag },
    });
    expect(gzip304.status).toBe(304);
    const br = await h.request('/api/v1/association', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const unpacked = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(JSON.parse(unpacked)).toEqual(DEFAULT_ASSOCIATION);

    // A change makes a new tag: the old one is no longer answered 304.
    expect((await put({ region: 'Lithuania' })).status).toBe(200);
    const changed = await h.request('/api/v1/association', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as Association).region).toBe('Lithuania');
  });
});

describe('PUT /api/v1/admin/association', () => {
  it('refuses each bad value with 400 naming its field, and changes nothing', async () => {
    const { M, F } = DEFAULT_SETTINGS.classes;
    await expectRefused(await put({ classes: { M: ['154', '150', '243+'], F } }), 'classes.M');
    await expectRefused(
      await put({ classes: { M, F: ['143', '144'] } }),
      'classes.F',
      "The last class is open-ended: end it with '+', e.g. 110+.",
    );
    const pro = { code: 'pro', label: 'Pro', medals: 'tournament' };
    await expectRefused(
      await put({ divisions: [pro, { ...pro, label: 'Pro again' }] }),
      'divisions.1.code',
      'The code pro is used twice.',
    );
    await expectRefused(await put({ units: 'stone' }), 'units', 'Units are lbs or kg.');
    await expectRefused(await put({ short_name: 'Thirteen char' }), 'short_name');
    await expectRefused(await put({ theme_color: 'red' }), 'theme_color', 'Give the colour as #rrggbb.');
    await expectRefused(await put({ theme_color: '#12345' }), 'theme_color');
    await expectRefused(await put({ time_zone: 'Mars/Olympus' }), 'time_zone');
    await expectRefused(await put({ contact: 'not an address' }), 'contact');
    // The rules that join fields, judged on the profile as it would be after the change.
    await expectRefused(
      await put({ classes: { M, F, by_division: { seniors: { M: ['80', '80+'] } } } }),
      'classes.by_division.seniors',
      'No division has the code seniors.',
    );
    await expectRefused(
      await put({ classes: { M: ['176', '198', '220', '242', '243+'], F } }),
      'talent_categories.0.classes.M',
      'Not a class of the profile: 154.',
    );
    await expectRefused(await put({ dry_run: true }), '_');
    expect(await profile()).toEqual(DEFAULT_ASSOCIATION);
    expect(await changes()).toEqual([]);
  });

  it('changes only what a partial body names, logs it with before and after, and answers the new profile', async () => {
    const res = await put({ name: 'Oregon Arm Wrestling', theme_color: '#AA3300' });
    expect(res.status).toBe(200);
    const after = { ...DEFAULT_SETTINGS, name: 'Oregon Arm Wrestling', theme_color: '#aa3300' };
    expect(await res.json()).toEqual({ ...after, version: 1, logo: null });
    expect(await profile()).toEqual({ ...after, version: 1, logo: null });
    const [change, ...none] = await changes();
    expect(none).toEqual([]);
    expect(change).toMatchObject({ id: 1, changed_by: 'chair@association.example', undoes: null });
    expect(change!.before).toEqual(DEFAULT_SETTINGS);
    expect(change!.after).toEqual(after);

    // The same values again change nothing: no new version, no log row.
    expect(((await (await put({ name: 'Oregon Arm Wrestling' })).json()) as Association).version).toBe(1);
    expect(await changes()).toHaveLength(1);
  });

  it('dry_run counts per sex who would move from which class to which, from the stored weights, and changes nothing', async () => {
    const f = resultsFixture(h.db);
    // Men in pounds: 150 (68.0 kg), 170 (77.1 kg), 200 (90.7 kg), 250 (113.4 kg), one never weighed (the open class).
    for (const [name, w] of [
      ['Light Lee', 150],
      ['Mid Max', 170],
      ['Heavy Hal', 200],
      ['Huge Hugo', 250],
      ['Nobody Weighed', null],
    ] as const)
      f.athlete(name, 'M', w);
    f.athlete('Ann Arm', 'F', 140); // 63.5 kg
    f.athlete('Bea Bicep', 'F', 150); // 68.0 kg
    // One weighed in kilograms: 75 kg is 165.3 lbs.
    h.db.prepare("UPDATE athletes SET weight = 75, weight_unit = 'kg' WHERE name = 'Mid Max'").run();

    const toKg = await put({ units: 'kg', classes: WAF, talent_categories: WAF_TALENT, dry_run: true });
    expect(toKg.status).toBe(200);
    expect((await toKg.json()) as AssociationPreview).toEqual({
      dry_run: true,
      moves: [
        { sex: 'M', from: '154 lbs', to: '70 kg', athletes: 1 },
        { sex: 'M', from: '176 lbs', to: '75 kg', athletes: 1 },
        { sex: 'M', from: '220 lbs', to: '100 kg', athletes: 1 },
        { sex: 'M', from: '243+ lbs', to: '110+ kg', athletes: 2 },
        { sex: 'F', from: '143 lbs', to: '65 kg', athletes: 1 },
        { sex: 'F', from: '144+ lbs', to: '70 kg', athletes: 1 },
      ],
      unchanged: 0,
      categories: { moves: [], kept: [] },
    });

    // Fewer pound classes: 150 goes to 165, 165.3 to 198, 200 to 242; 250 and the unweighed stay in the open class.
    const fewer = await put({
      classes: { M: ['165', '198', '242', '243+'], F: DEFAULT_SETTINGS.classes.F },
      talent_categories: [],
      dry_run: true,
    });
    expect(await fewer.json()).toEqual({
      dry_run: true,
      moves: [
        { sex: 'M', from: '154 lbs', to: '165 lbs', athletes: 1 },
        { sex: 'M', from: '176 lbs', to: '198 lbs', athletes: 1 },
        { sex: 'M', from: '220 lbs', to: '242 lbs', athletes: 1 },
      ],
      unchanged: 4,
      categories: { moves: [], kept: [] },
    });
    expect(await profile()).toEqual(DEFAULT_ASSOCIATION);
    expect(await changes()).toEqual([]);
  });

  it('switching the unit rewrites no weight: each reads back exactly in either unit', async () => {
    const f = resultsFixture(h.db);
    f.athlete('Pound Pete', 'M', 176.4);
    f.athlete('Kilo Kai', 'M', null);
    f.athlete('Kilo Kira', 'F', null);
    h.db.prepare("UPDATE athletes SET weight = 80, weight_unit = 'kg' WHERE name = 'Kilo Kai'").run();
    h.db.prepare("UPDATE athletes SET weight = 52.5, weight_unit = 'kg' WHERE name = 'Kilo Kira'").run();
    const event = f.event('Spring Open', '2026-03-01');
    f.bracket(event, 'RH', ['Pound Pete', 'Kilo Kai']);
    f.bracket(event, 'RH', ['Kilo Kira'], { sex: 'F', weightClass: '144+' });
    const stored = () => h.db.prepare('SELECT name, weight, weight_unit, weight_lbs FROM athletes ORDER BY id').all();
    const before = stored();
    expect(before).toEqual([
      { name: 'Pound Pete', weight: 176.4, weight_unit: 'lbs', weight_lbs: 176.4 },
      { name: 'Kilo Kai', weight: 80, weight_unit: 'kg', weight_lbs: 80 / 0.45359237 },
      { name: 'Kilo Kira', weight: 52.5, weight_unit: 'kg', weight_lbs: 52.5 / 0.45359237 },
    ]);
    /** The weights the results CSV answers, by athlete: in the association's unit. */
    const exported = async () => {
      const csv = await (await h.request('/api/v1/export/results.csv')).text();
      const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
      return Object.fromEntries(rows.filter((r) => r.weight).map((r): [string, string] => [r.athlete!, r.weight!]));
    };
    expect(await exported()).toEqual({ 'Pound Pete': '176.4', 'Kilo Kai': '176.4', 'Kilo Kira': '115.7' });

    expect((await put({ units: 'kg', classes: WAF, talent_categories: WAF_TALENT })).status).toBe(200);
    expect(stored()).toEqual(before);
    expect(await exported()).toEqual({ 'Pound Pete': '80', 'Kilo Kai': '80', 'Kilo Kira': '52.5' });

    // And back: every weight as it was entered, never converted twice.
    expect((await undo(1)).status).toBe(200);
    expect((await profile()).units).toBe('lbs');
    expect(stored()).toEqual(before);
    expect(await exported()).toEqual({ 'Pound Pete': '176.4', 'Kilo Kai': '176.4', 'Kilo Kira': '115.7' });
  });
});

describe('weights typed into a submitted result', () => {
  it('are stored in the unit they were typed in and answered in the unit of the day', async () => {
    const submit = async (json: Record<string, unknown>, key: string) => {
      const res = await h.request(SUBMISSION_PATHS.supermatch, {
        method: 'POST',
        json: { a: 'Al Able', b: 'Bo Bell', hand: 'RH', winner: 'A', date: '2026-03-01', submitter: 'Jo', ...json },
        headers: { 'Idempotency-Key': key },
      });
      expect(res.status).toBe(201);
    };
    const weights = async () =>
      (
        (await (await h.request('/api/v1/admin/supermatches', { token: admin })).json()) as {
          supermatches: SupermatchReviewItem[];
        }
      ).supermatches.map((s) => [s.weight_a, s.weight_b]);
    const stored = () =>
      h.db.prepare('SELECT weight_a, weight_b, weight_unit FROM supermatch_submissions ORDER BY id').all();

    await submit({ weight_a: 176, weight_b: 198 }, 'in-pounds');
    await put({ units: 'kg', classes: WAF, talent_categories: WAF_TALENT });
    await submit({ weight_a: 80, weight_b: 90 }, 'in-kilograms');
    const rows = [
      { weight_a: 176, weight_b: 198, weight_unit: 'lbs' },
      { weight_a: 80, weight_b: 90, weight_unit: 'kg' },
    ];
    expect(stored()).toEqual(rows);
    // Newest first: 80 and 90 kg as typed; 176 and 198 lbs converted once.
    expect(await weights()).toEqual([
      [80, 90],
      [79.8, 89.8],
    ]);
    await undo(1);
    expect(stored()).toEqual(rows);
    expect(await weights()).toEqual([
      [176.4, 198.4],
      [176, 198],
    ]);
  });
});

describe('the change log and undo', () => {
  it('lists changes newest first; an undo writes the settings before back exactly, and is refused after a later change', async () => {
    await put({ units: 'kg', classes: WAF, talent_categories: WAF_TALENT });
    await put({ name: 'Lietuvos rankų lenkimo federacija', short_name: 'LRLF' });
    expect((await changes()).map((c) => c.id)).toEqual([2, 1]);

    const refused = await undo(1);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^The profile changed after change 1: change 2 \(.+, chair@association\.example\) came later\./,
    );
    expect((await undo(99)).status).toBe(404);

    const undone = await undo(2);
    expect(undone.status).toBe(200);
    const afterFirst = (await changes()).find((c) => c.id === 1)!.after;
    const { version, logo, ...settings } = (await undone.json()) as Association;
    expect(settings).toEqual(afterFirst);
    expect([version, logo]).toEqual([3, null]);
    const [latest] = await changes();
    expect(latest).toMatchObject({ id: 3, undoes: 2 });

    // An undo is a change too: change 1 stays refused (3 came later), and undoing 3 brings change 2 back.
    expect((await undo(1)).status).toBe(409);
    expect((await undo(3)).status).toBe(200);
    expect((await profile()).short_name).toBe('LRLF');
  });
});

describe('POST /api/v1/admin/association/logo', () => {
  const red = (type: 'png' | 'jpeg', size = 300) => {
    const square = sharp({ create: { width: size, height: size, channels: 3, background: '#cc0000' } });
    return (type === 'png' ? square.png() : square.jpeg()).toBuffer();
  };
  const upload = (bytes: Uint8Array, name: string, token = admin) => {
    const form = new FormData();
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    return h.request('/api/v1/admin/association/logo', { method: 'POST', token, body: form });
  };
  const icon = (name: string, v?: number) =>
    h.request(`/api/v1/association/icons/${name}.png${v === undefined ? '' : `?v=${v}`}`);
  const pixel = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * 4;
    return [...data.subarray(at, at + 4)];
  };

  it('makes the three icons of the right sizes from a PNG, serves them cached for good, and names them in the profile', async () => {
    expect((await icon('icon_192')).status).toBe(404);
    const res = await upload(new Uint8Array(await red('png')), 'logo.png');
    expect(res.status).toBe(200);
    const { logo } = (await res.json()) as Association;
    expect(logo).toEqual({
      icon_192: '/api/v1/association/icons/icon_192.png?v=1',
      icon_512: '/api/v1/association/icons/icon_512.png?v=1',
      maskable_512: '/api/v1/association/icons/maskable_512.png?v=1',
    });
    expect((await profile()).logo).toEqual(logo);
    for (const [name, size] of [
      ['icon_192', 192],
      ['icon_512', 512],
      ['maskable_512', 512],
    ] as const) {
      const got = await icon(name, 1);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const png = Buffer.from(await got.arrayBuffer());
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: size, height: size });
      const again = await icon(name, 1);
      const etag = again.headers.get('etag')!;
      await again.arrayBuffer();
      expect(
        (await h.request(`/api/v1/association/icons/${name}.png?v=1`, { headers: { 'If-None-Match': etag } })).status,
      ).toBe(304);
    }
    // Without the current version the address is revalidated (it may name an icon replaced since).
    expect((await icon('icon_192')).headers.get('cache-control')).toBe('no-cache');
    // The maskable icon: the logo in the middle, the theme colour in the corners (outside the safe zone).
    const maskable = Buffer.from(await (await icon('maskable_512', 1)).arrayBuffer());
    expect(await pixel(maskable, 256, 256)).toEqual([0xcc, 0, 0, 255]);
    expect(await pixel(maskable, 2, 2)).toEqual([0x0f, 0x17, 0x2a, 255]);
    expect(await pixel(maskable, 256, 256 - 150)).toEqual([0x0f, 0x17, 0x2a, 255]);

    // A new theme colour is drawn into the maskable icon, under a new version.
    const recoloured = (await (await put({ theme_color: '#006633' })).json()) as Association;
    expect(recoloured.logo?.maskable_512).toBe('/api/v1/association/icons/maskable_512.png?v=2');
    const green = Buffer.from(await (await icon('maskable_512', 2)).arrayBuffer());
    expect(await pixel(green, 2, 2)).toEqual([0, 0x66, 0x33, 255]);
    expect(await pixel(green, 256, 256)).toEqual([0xcc, 0, 0, 255]);
  });

  it('takes a JPEG and an SVG; refuses a WebP, a text file and a broken SVG with 415', async () => {
    expect((await upload(new Uint8Array(await red('jpeg', 64)), 'logo.jpg')).status).toBe(200);
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">' +
        '<circle cx="5" cy="5" r="5" fill="#0000ff"/></svg>',
    );
    const res = await upload(svg, 'logo.svg');
    expect(res.status).toBe(200);
    expect(((await res.json()) as Association).logo?.icon_512).toBe('/api/v1/association/icons/icon_512.png?v=2');
    const drawn = Buffer.from(await (await icon('icon_512', 2)).arrayBuffer());
    expect(await sharp(drawn).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(await pixel(drawn, 256, 256)).toEqual([0, 0, 255, 255]);
    expect(await pixel(drawn, 1, 1)).toEqual([0, 0, 0, 0]);

    for (const [bytes, name] of [
      [WEBP, 'logo.webp'],
      [new TextEncoder().encode('hello'), 'logo.png'],
      [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><circle'), 'logo.svg'],
    ] as const) {
      const refused = await upload(bytes, name);
      expect(refused.status, name).toBe(415);
    }
    expect((await profile()).logo?.icon_192).toBe('/api/v1/association/icons/icon_192.png?v=2');
  });
});

describe('who may change the profile', () => {
  it('answers 401 without a token, 403 to a user and to an admin token without admin:write; reads need admin:read', async () => {
    expect((await h.request('/api/v1/admin/association', { method: 'PUT', json: { region: 'X' } })).status).toBe(401);
    const user = await h.token({ sub: 'someone' });
    expect((await put({ region: 'X' }, user)).status).toBe(403);
    const readOnly = await h.token({ sub: 'chair', scope: 'openid admin:read' });
    const refused = await put({ region: 'X' }, readOnly);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');
    expect((await h.request('/api/v1/admin/association/changes', { token: readOnly })).status).toBe(200);
    expect(await profile()).toEqual(DEFAULT_ASSOCIATION);
  });
});
