import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROLES } from '../../shared/roles.ts';
import { grantRole } from '../auth/roles.ts';
import { DEMO_PEOPLE, seedDemoState } from '../demo/generate.ts';
import { createHarness } from '../test/harness.ts';
import { createTournament } from '../tournaments/store.ts';
import { createTableLink } from '../tournaments/tables.ts';
import { allowedRoles, describedRoutes, openApiPath, type DescribedRoute } from './describe.ts';
import { TAGS } from './tags.ts';

type Json = Record<string, unknown>;
let h: Awaited<ReturnType<typeof createHarness>>;
let doc: Json & { paths: Record<string, Record<string, Json>>; components: Json & { schemas: Record<string, Json> } };
let routes: DescribedRoute[];

beforeAll(async () => {
  h = await createHarness();
  const res = await h.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
  routes = describedRoutes(h.app);
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

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('GET /api/v1/openapi.json', () => {
  test('describes every route the app mounts, beside its handler, and nothing it does not', () => {
    const documented = operations()
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    const described = routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    const mounted = mountedRoutes();
    expect(mounted.length).toBeGreaterThan(50);
    expect(
      mounted.filter((r) => !described.includes(r)),
      'mounted without describeRoute(...) beside the handler',
    ).toEqual([]);
    expect(described, 'a route described twice').toEqual([...new Set(described)]);
    expect(documented).toEqual(described);
  });

  test('is an OpenAPI 3.1 document whose every $ref resolves, with tags, a license and a server', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The OpenAPI Initiative's schema of 3.1 documents.
    const checked = await new Validator().validate(doc);
    expect(checked.errors ?? []).toEqual([]);
    expect(checked.valid).toBe(true);
    const info = doc.info as { title?: unknown; version?: unknown; license?: { name?: unknown } };
    expect([typeof info.title, typeof info.version, typeof info.license?.name]).toEqual(['string', 'string', 'string']);
    expect((doc.servers as { url: string }[]).map((s) => s.url)).toEqual(['/']);
    expect(doc.tags).toEqual(Object.entries(TAGS).map(([name, description]) => ({ name, description })));
    const used = new Set(operations().flatMap(({ op }) => op.tags as string[]));
    expect([...used].filter((t) => !(t in TAGS))).toEqual([]);
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
  });

  test('names each operation once, with the ids clients generate code from (renaming one is a breaking change)', () => {
    const ids = operations().map(
      ({ method, path, op }) => `${op.operationId as string}: ${method.toUpperCase()} ${path}`,
    );
    expect(new Set(ids.map((i) => i.split(':')[0])).size).toBe(ids.length);
    expect(ids.sort()).toMatchSnapshot();
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
    expect(decide['x-scopes']).toEqual(['admin:write']);
    expect(Object.keys(decide.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '409']));
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['error'] });
  });

  test('states every JSON answer with a schema, never a bare object', () => {
    const bare: string[] = [];
    for (const { method, path, op } of operations()) {
      for (const [status, answer] of Object.entries(op.responses as Record<string, { content?: Json }>)) {
        const schema = (answer.content?.['application/json'] as { schema?: Json } | undefined)?.schema;
        if (!schema) continue;
        const said = Object.keys(schema).filter((k) => !['type', 'description'].includes(k));
        if (!said.length) bare.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(bare).toEqual([]);
  });

  test('the two 409s with the current item say so: the error and the item beside it', () => {
    const conflict = (path: string) =>
      (doc.paths[path]!.post!.responses as Record<string, { content: { 'application/json': { schema: Json } } }>)[
        '409'
      ]!.content['application/json'].schema;
    expect(conflict('/api/v1/admin/supermatches/{id}/status')).toMatchObject({
      required: ['error', 'supermatch'],
      properties: { supermatch: { $ref: '#/components/schemas/SupermatchReviewItem' } },
    });
    const claim = conflict('/api/v1/admin/name-submissions/{id}/status') as { anyOf: Json[] };
    expect(claim.anyOf).toContainEqual({ $ref: '#/components/schemas/Error' });
    expect(claim.anyOf).toContainEqual(expect.objectContaining({ required: ['error', 'name_submission'] }));
  });

  test('no address matches two paths (a parameter matches a segment its pattern and enum allow)', () => {
    const params = (path: string) => {
      const op = Object.values(doc.paths[path]!)[0] as { parameters: { name: string; in: string; schema: Json }[] };
      return new Map(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]));
    };
    const fits = (literal: string, schema: Json | undefined) =>
      (!schema?.pattern || new RegExp(schema.pattern as string, 'u').test(literal)) &&
      (!schema?.enum || (schema.enum as string[]).includes(literal));
    const clashes: string[] = [];
    const paths = Object.keys(doc.paths);
    for (const [i, a] of paths.entries()) {
      for (const b of paths.slice(i + 1)) {
        const sa = a.split('/');
        const sb = b.split('/');
        if (sa.length !== sb.length) continue;
        const both = sa.every((x, k) => {
          const y = sb[k]!;
          const px = /^\{(\w+)\}$/.exec(x)?.[1];
          const py = /^\{(\w+)\}$/.exec(y)?.[1];
          if (px && py) return true;
          if (px) return fits(y, params(a).get(px));
          if (py) return fits(x, params(b).get(py));
          return x === y;
        });
        if (both) clashes.push(`${a} and ${b}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  test('every example in the route descriptions passes its route’s own schema', () => {
    for (const { method, path, spec } of routes) {
      if (spec.json) expect(spec.json.schema.safeParse(spec.json.example).error, `${method} ${path}`).toBeUndefined();
      if (spec.queryExample)
        expect(spec.query!.safeParse(spec.queryExample).error, `${method} ${path}`).toBeUndefined();
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

  /** A table device's key, for a tournament of a new event (its link made not to expire). */
  async function tableKey(): Promise<string> {
    const made = await h.request('/api/v1/events', {
      method: 'POST',
      token: await h.token({ sub: 'admin-sub' }),
      json: { name: 'Document Pull', date: '2025-06-01' },
    });
    const event = ((await made.json()) as { id: number }).id;
    const tournament = createTournament(h.db, { event_id: event, name: 'Document Open' }, 'test');
    const { url } = createTableLink(h.db, tournament, 1, 'http://localhost', 'test');
    h.db.prepare('UPDATE tournament_table_links SET expires_at = NULL').run();
    return new URL(url.replace('/#/', '/')).searchParams.get('key')!;
  }

  test('the answers it states are the answers the server gives (demo data, each GET with a stated schema)', async () => {
    seedDemoState(h.db, { athletes: 20, years: 1 });
    for (const role of ROLES) if (role !== 'user') grantRole(h.db, `${role}-sub`, role);
    const checked: string[] = [];
    for (const { method, path, spec } of routes) {
      const schema = spec.responses[200]?.json;
      if (method !== 'get' || !schema || spec.params) continue;
      const role = allowedRoles(spec)?.[0];
      // Names the demo data has, where the answer is about them.
      const [first, second] = DEMO_PEOPLE.filter((p) => p.sex === DEMO_PEOPLE[0]!.sex);
      const query =
        path === '/api/v1/athletes'
          ? { name: DEMO_PEOPLE[0]!.name }
          : path === '/api/v1/head-to-head'
            ? { a: first!.name, b: second!.name, hand: 'RH' }
            : spec.queryExample;
      const res = await h.request(`${path}${query ? `?${new URLSearchParams(query)}` : ''}`, {
        token: role ? await h.token({ sub: `${role}-sub` }) : undefined,
        ...(spec.access === 'table' ? { headers: { Authorization: `Table ${await tableKey()}` } } : {}),
      });
      expect(res.status, path).toBe(200);
      expect(schema.safeParse(await res.json()).error, path).toBeUndefined();
      checked.push(path);
    }
    expect(checked).toEqual(
      expect.arrayContaining(['/api/v1/leaderboard', '/api/v1/athletes', '/api/v1/events', '/clubs.json']),
    );
  });
});

describe('the contract check every server test goes through', () => {
  test('fails an answer the document does not describe, naming the operation, the status and what differs', async () => {
    const res = await h.app.request('/api/v1/health');
    const same = await h.contract.check('GET', '/api/v1/health', res);
    expect(same).toEqual([]);
    const lying = (body: unknown, status = 200, type = 'application/json') =>
      h.contract.check(
        'GET',
        '/api/v1/health',
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } }),
      );
    expect((await lying({ status: 'ok', schema_version: 3, extra: 1 })).join()).toMatch(/additional/);
    expect((await lying({ status: 'ok' })).join()).toMatch(/schema_version/);
    expect((await lying({ status: 'ok', schema_version: 3 }, 404)).join()).toMatch(/status 404 is not documented/);
    expect((await lying({ status: 'ok', schema_version: 3 }, 200, 'text/plain')).join()).toMatch(/content type/);
    const unknown = await h.contract.check('GET', '/api/v1/nope', new Response('Not found', { status: 404 }));
    expect(unknown.join()).toMatch(/not the JSON error shape/);
    const tagged = await h.contract.check(
      'GET',
      '/api/v1/known-names',
      new Response('{"names":[]}', { headers: { 'Content-Type': 'application/json' } }),
    );
    expect(tagged).toEqual(['header ETag is missing']);
  });
});
