import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROLES } from '../../shared/roles.ts';
import { grantRole } from '../auth/roles.ts';
import { DEMO_PEOPLE, seedDemoState } from '../demo/generate.ts';
import { createHarness } from '../test/harness.ts';
import { allowedRoles, API_ROUTES, openApiPath } from './routes.ts';

type Json = Record<string, unknown>;
let h: Awaited<ReturnType<typeof createHarness>>;
let doc: Json & { paths: Record<string, Record<string, Json>> };

beforeAll(async () => {
  h = await createHarness();
  const res = await h.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
});
afterAll(() => h.close());

/** Every method and path the real app answers, without middleware, the catch-alls and the built files. */
function mountedRoutes(): string[] {
  const seen = new Set<string>();
  for (const r of h.app.routes) {
    if (r.method === 'ALL' || r.path === '/*' || r.path.startsWith('/oidc')) continue;
    seen.add(`${r.method} ${openApiPath(r.path)}`);
  }
  return [...seen].sort();
}

describe('GET /api/v1/openapi.json', () => {
  test('describes every route the app mounts, and nothing it does not', () => {
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const mounted = mountedRoutes();
    expect(mounted.length).toBeGreaterThan(50);
    expect(
      mounted.filter((r) => !documented.includes(r)),
      'mounted but not in src/server/openapi/routes.ts',
    ).toEqual([]);
    expect(
      documented.filter((r) => !mounted.includes(r)),
      'in the route list but not mounted',
    ).toEqual([]);
  });

  test('is an OpenAPI 3.1 document whose every $ref resolves', () => {
    expect(doc.openapi).toBe('3.1.0');
    const info = doc.info as { title?: unknown; version?: unknown };
    expect([typeof info.title, typeof info.version]).toEqual(['string', 'string']);
    const refs: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref') refs.push(x as string);
          else walk(x);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(100);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      let at: unknown = doc;
      for (const part of ref.slice(2).split('/'))
        at = (at as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      return at === undefined;
    });
    expect(unresolved).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('states inputs from the schemas the routes validate with, and the error answers', () => {
    const feedback = doc.paths['/api/v1/feedback']!.post as Json & {
      requestBody: Json;
      parameters: Json[];
      responses: Json;
    };
    const body = (
      feedback.requestBody as { content: Record<string, { schema: { required: string[]; properties: Json } }> }
    ).content['application/json']!.schema;
    expect(body.required).toEqual(['text']);
    expect(body.properties.text).toMatchObject({ type: 'string', maxLength: 4000 });
    expect(feedback.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
    expect(Object.keys(feedback.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '413', '415', '422', '429', '503', 'default']),
    );
    const leaderboard = doc.paths['/api/v1/leaderboard']!.get as { parameters: Json[]; responses: Json };
    expect(leaderboard.parameters).toContainEqual({
      name: 'sex',
      in: 'query',
      required: true,
      schema: { type: 'string', enum: ['M', 'F'] },
    });
    expect(Object.keys(leaderboard.responses)).toEqual(expect.arrayContaining(['200', '304', '400']));
    const decide = doc.paths['/api/v1/admin/supermatches/{id}/status']!.post as Json & { responses: Json };
    expect(decide['x-roles']).toEqual(['admin', 'dev']);
    expect(decide.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(decide.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '409']));
    expect((doc.components as { schemas: { Error: Json } }).schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
    });
  });

  test('every example in the route list passes its route’s own schema', () => {
    for (const route of API_ROUTES) {
      if (route.json)
        expect(route.json.schema.safeParse(route.json.example).error, `${route.method} ${route.path}`).toBeUndefined();
      if (route.queryExample)
        expect(route.query!.safeParse(route.queryExample).error, `${route.method} ${route.path}`).toBeUndefined();
    }
  });

  test('is public and cacheable: a strong ETag and a 304 for a client that has it', async () => {
    const res = await h.request('/api/v1/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await h.request('/api/v1/openapi.json', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });

  test('the answers it states are the answers the server gives (demo data, each GET with a stated schema)', async () => {
    seedDemoState(h.db, { athletes: 20, years: 1 });
    for (const role of ROLES) if (role !== 'user') grantRole(h.db, `${role}-sub`, role);
    const checked: string[] = [];
    for (const route of API_ROUTES) {
      const schema = route.answers[200]?.schema;
      if (route.method !== 'get' || !schema || route.params) continue;
      const role = allowedRoles(route)?.[0];
      const query = route.path === '/api/v1/athletes' ? { name: DEMO_PEOPLE[0]!.name } : route.queryExample;
      const res = await h.request(`${route.path}${query ? `?${new URLSearchParams(query)}` : ''}`, {
        token: role ? await h.token({ sub: `${role}-sub` }) : undefined,
      });
      expect(res.status, route.path).toBe(200);
      expect(schema.safeParse(await res.json()).error, route.path).toBeUndefined();
      checked.push(route.path);
    }
    expect(checked).toEqual(
      expect.arrayContaining(['/api/v1/leaderboard', '/api/v1/athletes', '/api/v1/events', '/clubs.json']),
    );
  });
});
