import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { errorFields, inRequest, log } from '../log.ts';
import { createHarness } from '../test/harness.ts';

type Harness = Awaited<ReturnType<typeof createHarness>>;
let h: Harness;
let out: string[];
let err: string[];
beforeEach(async () => {
  h = await createHarness();
  out = [];
  err = [];
  // The lines the operator would read, captured as they are written.
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (err.push(String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  h.close();
});

/** The real app on the harness's database, with the logging settings an operator would choose. */
function app(opts: { logRequests: boolean; trustProxy?: boolean }) {
  return createApp({
    db: h.db,
    verify: () => Promise.reject(new Error('no sign-in in these tests')),
    authConfig: {
      authority: 'https://issuer.test/oidc',
      client_id: 'test-app',
      audience: 'urn:test:api',
      embedded: true,
    },
    dataDir: h.dir,
    logRequests: opts.logRequests,
    submissions: { trustProxy: opts.trustProxy ?? false },
  });
}

const lines = (chunks: string[]) =>
  chunks
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request log', () => {
  it('LOG_REQUESTS on: one JSON line per request, without the query, with the id the answer carries', async () => {
    const res = await app({ logRequests: true }).request('/api/v1/leaderboard?t=123&token=secret-value');
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line, ...more] = lines(out);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ request_id: id, method: 'GET', path: '/api/v1/leaderboard', status: res.status });
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
    expect(typeof line!.duration_ms).toBe('number');
    expect(out.join('')).not.toContain('secret-value');
  });

  it('LOG_REQUESTS off (the default): no request lines, yet every answer has its id', async () => {
    const res = await app({ logRequests: false }).request('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
    expect(lines(out)).toEqual([]);
  });

  it("a proxy's well-formed X-Request-Id is kept only with TRUST_PROXY", async () => {
    const headers = { 'X-Request-Id': 'proxy-abc123' };
    const trusted = await app({ logRequests: true, trustProxy: true }).request('/api/v1/health', { headers });
    expect(trusted.headers.get('X-Request-Id')).toBe('proxy-abc123');
    const untrusted = await app({ logRequests: true }).request('/api/v1/health', { headers });
    expect(untrusted.headers.get('X-Request-Id')).not.toBe('proxy-abc123');
    const odd = await app({ logRequests: true, trustProxy: true }).request('/api/v1/health', {
      headers: { 'X-Request-Id': 'has spaces "and quotes"' },
    });
    expect(odd.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines(out).map((l) => l.request_id)).toEqual([
      'proxy-abc123',
      untrusted.headers.get('X-Request-Id'),
      odd.headers.get('X-Request-Id'),
    ]);
  });

  it('an error is logged with its request id even with LOG_REQUESTS off, and the answer names the same id', async () => {
    const a = app({ logRequests: false });
    h.db.close(); // every database call now throws: the 500 path
    const res = await a.request('/api/v1/health?secret=1');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { request_id: string } };
    const id = res.headers.get('X-Request-Id');
    expect(body.error.request_id).toBe(id);
    const [line, ...more] = lines(err);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 'error', request_id: id, method: 'GET', path: '/api/v1/health' });
    expect(String(line!.error)).toMatch(/not open/);
    expect(lines(out)).toEqual([]);
  });

  it('what is logged while a request is answered carries its id: the club sheet that could not be read', async () => {
    // Nothing listens on port 9 of this machine: the fetch fails at once and the database's sheet is served.
    const a = createApp({
      db: h.db,
      verify: () => Promise.reject(new Error('no sign-in in these tests')),
      authConfig: {
        authority: 'https://issuer.test/oidc',
        client_id: 'test-app',
        audience: 'urn:test:api',
        embedded: true,
      },
      dataDir: h.dir,
      clubsSheetCsvUrl: 'http://127.0.0.1:9/sheet.csv',
    });
    const res = await a.request('/sheets/clubs.csv');
    expect(res.headers.get('X-Club-Sheet-Source')).toBe('database');
    const [line, ...more] = lines(err);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 'warn', request_id: res.headers.get('X-Request-Id') });
    expect(String(line!.message)).toMatch(/^Club sheet not read/);
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
  });
});

describe('the server logger', () => {
  it('one JSON line per event: info on stdout, warnings and errors on stderr, fields kept, no id outside a request', () => {
    log.info('started', { port: 1 });
    log.warn('careful');
    inRequest('req-1', () => log.error('failed', errorFields(new Error('boom'))));
    const keys = (line: Record<string, unknown> | undefined) => Object.keys(line ?? {}).sort();
    const [info, ...moreOut] = lines(out);
    expect(moreOut).toEqual([]);
    expect(info).toMatchObject({ level: 'info', message: 'started', port: 1 });
    expect(keys(info)).toEqual(['level', 'message', 'port', 'time']);
    const [warning, failure, ...moreErr] = lines(err);
    expect(moreErr).toEqual([]);
    expect(warning).toMatchObject({ level: 'warn', message: 'careful' });
    expect(keys(warning)).toEqual(['level', 'message', 'time']);
    expect(failure).toMatchObject({ level: 'error', message: 'failed', request_id: 'req-1', error: 'boom' });
    expect(String(failure!.stack)).toContain('boom');
  });
});
