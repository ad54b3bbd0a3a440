import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { grantRole } from './auth/roles.ts';
import { seedDemoEvents } from './demo/events.ts';
import { createHarness } from './test/harness.ts';

type Harness = Awaited<ReturnType<typeof createHarness>>;
let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await createHarness();
  grantRole(h.db, 'admin-sub', 'admin');
  admin = await h.token({ sub: 'admin-sub' });
});
afterEach(() => h.close());

describe('bad input', () => {
  it('a body that is not JSON: 400 invalid_json', async () => {
    const res = await h.request('/api/v1/admin/roles', {
      method: 'POST',
      token: admin,
      headers: { 'Content-Type': 'application/json' },
      body: '{"principal": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'invalid_json', message: 'The body is not valid JSON.' } });
  });

  it('a body of another type: 415', async () => {
    const res = await h.request('/api/v1/admin/roles', { method: 'POST', token: admin, body: 'principal=x' });
    expect(res.status).toBe(415);
  });

  it('fields that do not fit the schema: 400 with field errors', async () => {
    const res = await h.request('/api/v1/admin/roles', {
      method: 'POST',
      token: admin,
      json: { principal: '   ', role: 'emperor' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.fields.principal).toEqual(['Enter an e-mail or a subject.']);
    expect(body.error.fields.role?.[0]).toMatch(/admin/);
  });

  it('a query that does not fit: 400 with field errors', async () => {
    const res = await h.request('/api/v1/admin/roles?role=user', { method: 'DELETE', token: admin });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['principal', 'role']);
  });

  it('every route answers malformed requests with a 4xx JSON error, never a 5xx', async () => {
    const bodies = ['', 'null', '[]', '"x"', '{', '{"principal":{"$gt":""},"role":["admin"]}', 'x'.repeat(100_000)];
    // Each method and path once (a route's middleware, its description among them, are entries of their own).
    const routes = [
      ...new Map(
        h.app.routes
          .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*'))
          .map((r) => [`${r.method} ${r.path}`, r]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      for (const body of bodies) {
        for (const token of [undefined, admin, 'garbage.token.here']) {
          const res = await h.request(`${route.path}?principal=%ZZ&role[]=1`, {
            method: route.method === 'ALL' ? 'POST' : route.method,
            ...(token ? { token } : {}),
            headers: { 'Content-Type': 'application/json' },
            ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { body }),
          });
          expect(res.status, `${route.method} ${route.path} with ${body.slice(0, 20)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.headers.get('content-type')).toContain('application/json');
        }
      }
    }
    // About 1,300 requests, each answer held to the API document: more than the default 15 s on a busy machine.
  }, 60_000);
});

describe('errors', () => {
  it('an unknown /api path: 404 JSON', async () => {
    for (const p of ['/api/v1/nope', '/api/v2/leaderboard', '/api/', '/api/v1/me/nothing']) {
      const res = await h.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('an unexpected failure: 500 JSON with a request id, the stack only in the server log', async () => {
    const log = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    h.db.close(); // the database going away mid-flight
    const res = await h.request('/api/v1/health');
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text) as { error: { code: string; request_id: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.request_id).toBe(res.headers.get('X-Request-Id'));
    expect(text).not.toMatch(/at .*\.ts|database|Error:/i);
    // The server log's line (JSON) names the same id and holds the stack.
    const line = JSON.parse(String(log.mock.calls[0]?.[0])) as { request_id: string; stack: string };
    expect(line.request_id).toBe(body.error.request_id);
    expect(line.stack).toMatch(/at .*\.ts/);
    log.mockRestore();
  });
});

describe('security headers', () => {
  it('every answer carries them, API and pages alike', async () => {
    for (const p of ['/api/v1/health', '/api/v1/nope', '/', '/events?id=2']) {
      const res = await h.request(p);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp, p).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('compression', () => {
  it('an answer built per request goes gzipped to a client that takes it, and its tag still revalidates', async () => {
    seedDemoEvents(h.db, '2026-03-10');
    const plain = await h.request('/api/v1/events');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(2048);
    expect(plain.headers.get('Content-Encoding')).toBeNull();

    const zipped = await h.request('/api/v1/events', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 2);
    expect(gunzipSync(bytes).toString()).toBe(text);
    // The same bytes under another encoding: the tag turns weak, and sent back it still means "unchanged".
    const etag = zipped.headers.get('ETag')!;
    expect(etag).toBe(`W/${plain.headers.get('ETag')}`);
    const again = await h.request('/api/v1/events', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('the answer to a write goes as it is (a few bytes)', async () => {
    const res = await h.request('/api/v1/admin/roles', {
      method: 'POST',
      token: admin,
      headers: { 'Accept-Encoding': 'gzip' },
      json: { principal: 'someone@example.org', role: 'admin' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.json()).toBeTruthy();
  });
});

describe('the built app', () => {
  let dist: string;
  let hs: Harness;
  beforeEach(async () => {
    dist = fs.mkdtempSync(path.join(h.dir, 'dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><p>the app</p>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);'.repeat(200));
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.x = 1;');
    hs = await createHarness({ staticDir: dist });
  });
  afterEach(() => hs.close());

  it('hashed assets are immutable; index.html and the service worker are revalidated', async () => {
    const asset = await hs.request('/assets/main-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('Content-Type')).toContain('text/javascript');
    expect(asset.headers.get('Content-Encoding')).toBe('gzip');
    for (const p of ['/', '/index.html', '/sw.js']) {
      expect((await hs.request(p)).headers.get('Cache-Control'), p).toBe('no-cache');
    }
  });

  it('any other GET that is not a file answers index.html, so the app can rewrite it', async () => {
    for (const p of ['/', '/events', '/events?id=2', '/tournaments?event=Spring%20Pull', '/clubs/anything']) {
      const res = await hs.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<p>the app</p>');
    }
  });

  it('a missing file is a 404, not the app', async () => {
    expect((await hs.request('/assets/gone-123.js')).status).toBe(404);
    expect((await hs.request('/%E0%A4%A')).status).toBe(400);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await hs.request('/');
    const etag = first.headers.get('ETag')!;
    expect(etag).toBeTruthy();
    const again = await hs.request('/', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});
