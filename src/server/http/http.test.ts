import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../auth/roles.ts';
import { seedDemoEvents } from '../demo/events.ts';
import { seedDemoState } from '../demo/generate.ts';
import { createHarness } from '../test/harness.ts';
import { acceptsGzip, pickEncoding } from './encoding.ts';

/**
 * HTTP by the book, as a client or a cache sees it: content negotiation, a
 * tag per encoding, 304s without body headers, 405 with Allow, OPTIONS, and
 * the addresses that must never answer with the app's page.
 */

type Harness = Awaited<ReturnType<typeof createHarness>>;
let h: Harness;
let dist: string;
beforeEach(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>app</title>${'<p>rankings</p>'.repeat(100)}`);
  const fallback = JSON.stringify({ athletes: Array(200).fill('Alex Able') });
  fs.writeFileSync(path.join(dist, 'fallback.json'), fallback);
  // The build's brotli forms (scripts/precompress.ts): the page's is stale, as if the page changed after the build.
  fs.writeFileSync(path.join(dist, 'fallback.json.br'), brotliCompressSync(fallback));
  fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>old</title>'));
  fs.writeFileSync(path.join(dist, 'icon.png'), Buffer.alloc(2048, 1));
  h = await createHarness({ staticDir: dist });
});
afterEach(() => {
  h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => h.request(p, { headers });

/**
 * The four bodies the server keeps in memory with their gzip and brotli. The page's brotli is the server's own (the
 * page is made from the association profile): the build's stale one is never sent.
 */
const KEPT = ['/', '/fallback.json', '/api/v1/leaderboard?sex=M', '/api/v1/openapi.json'];
const BROTLI = KEPT;

describe('content negotiation', () => {
  it('reads the q-values of Accept-Encoding', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0, identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0, identity')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0.5, identity')).toBe(false);
    expect(acceptsGzip('gzip, identity;q=0.5')).toBe(true);
    expect(acceptsGzip('identity;q=0, *')).toBe(true);
  });

  it('picks the encoding the client weights highest, brotli first on a tie', () => {
    const both = ['br', 'gzip'] as const;
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(pickEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(pickEncoding('gzip', both)).toBe('gzip');
    expect(pickEncoding('br', both)).toBe('br');
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, *', both)).toBe('gzip');
    expect(pickEncoding('br;q=0.5, identity', both)).toBeUndefined();
    expect(pickEncoding('identity', both)).toBeUndefined();
  });

  it('a client that refuses gzip gets the body as it is, from every kept body', async () => {
    for (const p of KEPT) {
      for (const refusal of ['gzip;q=0, identity', 'identity', '*;q=0, identity', 'br;q=0, gzip;q=0']) {
        const res = await get(p, { 'Accept-Encoding': refusal });
        expect(res.status, `${p} ${refusal}`).toBe(200);
        expect(res.headers.get('Content-Encoding'), `${p} ${refusal}`).toBeNull();
        expect(Number(res.headers.get('Content-Length'))).toBe((await res.arrayBuffer()).byteLength);
      }
      const zipped = await get(p, { 'Accept-Encoding': 'gzip, deflate' });
      expect(zipped.headers.get('Content-Encoding'), p).toBe('gzip');
      expect(zipped.headers.get('Vary'), p).toBe('Accept-Encoding');
    }
  });

  it("a browser's Accept-Encoding gets brotli where the body has it, and a stale .br of the build is never sent", async () => {
    for (const p of KEPT) {
      const plain = await get(p);
      const res = await get(p, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(res.headers.get('Content-Encoding'), p).toBe(BROTLI.includes(p) ? 'br' : 'gzip');
      if (!BROTLI.includes(p)) continue;
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('Content-Length')), p).toBe(bytes.length);
      expect(brotliDecompressSync(bytes).equals(Buffer.from(await plain.arrayBuffer())), p).toBe(true);
      const tag = res.headers.get('ETag')!;
      expect(tag, p).toMatch(/^"[\w-]+"$/);
      expect(tag, p).not.toBe(plain.headers.get('ETag'));
      expect(tag, p).not.toBe((await get(p, { 'Accept-Encoding': 'gzip' })).headers.get('ETag'));
      const again = await get(p, { 'Accept-Encoding': 'br', 'If-None-Match': tag });
      expect(again.status, p).toBe(304);
      expect(again.headers.get('ETag'), p).toBe(tag);
    }
  });

  it('each encoding of a kept body has its own strong tag, and If-None-Match works for each', async () => {
    for (const p of KEPT) {
      const plain = await get(p);
      const zipped = await get(p, { 'Accept-Encoding': 'gzip' });
      const plainTag = plain.headers.get('ETag')!;
      const zippedTag = zipped.headers.get('ETag')!;
      expect(plainTag, p).toMatch(/^"[\w-]+"$/);
      expect(zippedTag, p).toMatch(/^"[\w-]+"$/);
      expect(zippedTag, p).not.toBe(plainTag);
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).equals(Buffer.from(await plain.arrayBuffer()))).toBe(
        true,
      );

      expect((await get(p, { 'If-None-Match': plainTag })).status, p).toBe(304);
      const again = await get(p, { 'Accept-Encoding': 'gzip', 'If-None-Match': zippedTag });
      expect(again.status, p).toBe(304);
      expect(again.headers.get('ETag')).toBe(zippedTag);
      // A cache holding the plain body, asking for a client that takes gzip, is sent the gzip: other bytes.
      const other = await get(p, { 'Accept-Encoding': 'gzip', 'If-None-Match': plainTag });
      expect(other.status, p).toBe(200);
      expect(other.headers.get('ETag')).toBe(zippedTag);
    }
  });

  it('a body built per request shares a weak tag with its gzip, on purpose, and each 304 names the form it stands for', async () => {
    seedDemoEvents(h.db, '2026-03-10');
    const plain = await get('/api/v1/events');
    const tag = plain.headers.get('ETag')!;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const zipped = await get('/api/v1/events', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers.get('ETag')).toBe(`W/${tag}`);

    const asGzip = await get('/api/v1/events', { 'Accept-Encoding': 'gzip', 'If-None-Match': tag });
    expect(asGzip.status).toBe(304);
    expect(asGzip.headers.get('ETag')).toBe(`W/${tag}`);
    const asPlain = await get('/api/v1/events', { 'If-None-Match': `W/${tag}` });
    expect(asPlain.status).toBe(304);
    expect(asPlain.headers.get('ETag')).toBe(tag);
    const refused = await get('/api/v1/events', { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
    expect(refused.headers.get('ETag')).toBe(tag);
  });

  it('a CSV export goes gzipped to a client that takes it and revalidates', async () => {
    seedDemoState(h.db, { athletes: 20, years: 1 });
    const plain = await get('/api/v1/export/results.csv');
    const csv = await get('/api/v1/export/results.csv', { 'Accept-Encoding': 'gzip' });
    expect(csv.headers.get('Content-Encoding')).toBe('gzip');
    const tag = csv.headers.get('ETag')!;
    expect(tag).toBe(`W/${plain.headers.get('ETag')}`);
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe(await plain.text());
    const again = await get('/api/v1/export/results.csv', { 'Accept-Encoding': 'gzip', 'If-None-Match': tag });
    expect(again.status).toBe(304);
  });

  it('a small or already compressed body goes as it is', async () => {
    const png = await get('/icon.png', { 'Accept-Encoding': 'gzip' });
    expect(png.headers.get('Content-Encoding')).toBeNull();
    expect(png.headers.get('ETag')).toBe((await get('/icon.png')).headers.get('ETag'));
  });
});

describe('304 Not Modified', () => {
  it('carries the validator and caching headers, and none about a body', async () => {
    seedDemoEvents(h.db, '2026-03-10');
    for (const p of [...KEPT, '/api/v1/events', '/clubs.json', '/api/v1/known-names']) {
      for (const encoding of ['gzip', 'identity']) {
        const first = await get(p, { 'Accept-Encoding': encoding });
        const res = await get(p, { 'Accept-Encoding': encoding, 'If-None-Match': first.headers.get('ETag')! });
        expect(res.status, p).toBe(304);
        expect(await res.text()).toBe('');
        for (const name of ['Content-Type', 'Content-Length', 'Content-Encoding']) {
          expect(res.headers.get(name), `${p} ${encoding} ${name}`).toBeNull();
        }
        expect(res.headers.get('ETag'), p).toBe(first.headers.get('ETag'));
        expect(res.headers.get('Cache-Control'), p).toBe(first.headers.get('Cache-Control'));
      }
    }
  });
});

describe('methods', () => {
  it('a known path with another method: 405 with Allow, in the error shape', async () => {
    const res = await h.request('/api/v1/leaderboard?sex=M', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    expect(await res.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: 'DELETE is not allowed here; this address answers GET, HEAD, OPTIONS.',
      },
    });
    const feedback = await h.request('/api/v1/feedback', { method: 'GET' });
    expect(feedback.status).toBe(405);
    expect(feedback.headers.get('Allow')).toBe('POST, OPTIONS');
    const club = await h.request('/clubs.json', { method: 'POST' });
    expect(club.status).toBe(405);
    expect(club.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    const picture = await h.request('/uploads/events/1-00000000-0000-0000-0000-000000000000.png', { method: 'PUT' });
    expect(picture.status).toBe(405);
    expect(picture.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('a guarded path is guarded first: 401 without a token, then 405 with Allow for an admin', async () => {
    expect((await h.request('/api/v1/admin/roles', { method: 'PATCH' })).status).toBe(401);
    grantRole(h.db, 'admin-sub', 'admin');
    const res = await h.request('/api/v1/admin/roles', { method: 'PATCH', token: await h.token({ sub: 'admin-sub' }) });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST, DELETE, OPTIONS');
  });

  it('OPTIONS answers 204 with Allow for a known path, 404 for an unknown one', async () => {
    const res = await h.request('/api/v1/events/7', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('Allow')).toBe('PUT, OPTIONS');
    expect(await res.text()).toBe('');
    const admin = await h.request('/api/v1/admin/roles', { method: 'OPTIONS' });
    expect(admin.status).toBe(204);
    expect(admin.headers.get('Allow')).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    const nothing = await h.request('/api/v1/nothing-here', { method: 'OPTIONS' });
    expect(nothing.status).toBe(404);
  });

  it('an unknown API path is still a 404 whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await h.request('/api/v1/nothing-here', { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get('Allow')).toBeNull();
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });
});

describe('addresses that never answer with the app', () => {
  it('pictures: a bad folder or name is a JSON 404, never index.html or plain text', async () => {
    for (const p of [
      '/uploads/other/1-00000000-0000-0000-0000-000000000000.png',
      '/uploads/events/not-a-name',
      '/uploads/events/not-a-name.png',
      '/uploads/events/a/b',
      '/uploads/',
      '/uploads',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('Content-Type'), p).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('the sign-in paths, with no embedded provider: a JSON 404', async () => {
    for (const p of ['/oidc', '/oidc/', '/oidc/auth', '/oidc/.well-known/openid-configuration']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('Content-Type'), p).toMatch(/^application\/json/);
    }
    // The app still answers its own addresses.
    expect(await (await get('/events')).text()).toContain('<p>rankings</p>');
  });
});
