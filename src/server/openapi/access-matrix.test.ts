import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROLES } from '../../shared/roles.ts';
import { grantRole } from '../auth/roles.ts';
import { createHarness } from '../test/harness.ts';
import { allowedRoles, describedRoutes, type DescribedRoute } from './describe.ts';

/**
 * Who gets in where, for every described route (so for every route the app
 * mounts: openapi.test.ts fails on one without a description): without a
 * token, with a broken one, and as each role. A route that declares roles
 * answers 401 to the first kind and 403 to a role it does not allow; a public
 * route never answers 401 or 403 whatever token comes along.
 */

let h: Awaited<ReturnType<typeof createHarness>>;
const tokens: Record<string, string | undefined> = {};
const BAD = ['none', 'garbage', 'expired', 'tampered', 'wrong audience', 'wrong issuer'] as const;

beforeAll(async () => {
  h = await createHarness({ submissions: { rateLimit: null } });
  for (const role of ROLES) if (role !== 'user') grantRole(h.db, `${role}-sub`, role);
  for (const role of ROLES) tokens[role] = await h.token({ sub: `${role}-sub` });
  const valid = tokens.admin!;
  const [head, payload, signature] = valid.split('.') as [string, string, string];
  const middle = Math.floor(signature.length / 2);
  const flipped = signature[middle] === 'A' ? 'B' : 'A';
  tokens.none = undefined;
  tokens.garbage = 'not-a-token';
  tokens.expired = await h.token({ sub: 'admin-sub' }, { expiresIn: Math.floor(Date.now() / 1000) - 120 });
  tokens.tampered = `${head}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
  tokens['wrong audience'] = await h.token({ sub: 'admin-sub', aud: 'urn:another:api' });
  tokens['wrong issuer'] = await h.token({ sub: 'admin-sub', iss: 'https://elsewhere.test/' });
});
afterAll(() => h.close());

/** The route with sample path values; the query its example has, so an allowed caller gets past validation. */
function address(route: DescribedRoute): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'kind' ? 'event' : name === 'folder' ? 'events' : name === 'name' ? 'none.png' : '999999',
  );
  return route.spec.queryExample ? `${path}?${new URLSearchParams(route.spec.queryExample)}` : path;
}

/** The answer's body read, so a streamed download is finished; an event stream (it never ends) is closed. */
async function finish(res: Response) {
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
}

/** The answer's status. */
async function statusFor(route: DescribedRoute, token: string | undefined): Promise<number> {
  const res = await h.request(address(route), { method: route.method.toUpperCase(), token });
  await finish(res);
  return res.status;
}

// The routes as the harness's app mounts them (test.each needs them before beforeAll; every harness app is alike).
const probe = await createHarness();
const routes = describedRoutes(probe.app);
probe.close();
const protectedRoutes = routes.filter((r) => allowedRoles(r.spec));
const openRoutes = routes.filter((r) => !allowedRoles(r.spec));

describe('protected routes', () => {
  test('the list has them', () => expect(protectedRoutes.length).toBeGreaterThan(30));

  test.each(protectedRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', async (_, route) => {
    const roles = allowedRoles(route.spec)!;
    const seen: Record<string, number> = {};
    const expected: Record<string, number | 'allowed'> = {};
    for (const kind of BAD) {
      seen[kind] = await statusFor(route, tokens[kind]);
      expected[kind] = 401;
    }
    for (const role of ROLES) {
      const status = await statusFor(route, tokens[role]);
      seen[role] = status === 401 || status === 403 ? status : 0;
      // A table device's route takes no bearer token at all: every one is 401 (WWW-Authenticate: Table).
      expected[role] = roles.includes(role) ? 0 : route.spec.access === 'table' ? 401 : 403;
    }
    // 0 stands for "let in": any answer but 401 and 403.
    expect(seen).toEqual(expected);
  });
});

describe('table-key routes', () => {
  const tableRoutes = routes.filter((r) => r.spec.access === 'table' || r.spec.tableKey);
  test('the list has them', () => expect(tableRoutes.length).toBeGreaterThanOrEqual(4));

  test.each(tableRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', async (_, route) => {
    const admin = tokens.admin!;
    const post = async (url: string, json?: unknown) =>
      (await (await h.request(url, { method: 'POST', token: admin, json })).json()) as { id: number; url: string };
    const event = await post('/api/v1/events', { name: 'Keyed Pull', date: '2999-01-01' });
    const tid = (await post('/api/v1/admin/tournaments', { event_id: event.id, name: 'Keyed Open' })).id;
    const { url } = await post(`/api/v1/admin/tournaments/${tid}/tables/1/link`);
    const key = new URL(url.replace('/#/', '/')).searchParams.get('key')!;
    const send = async (authorization: string) => {
      const res = await h.request(address(route), {
        method: route.method.toUpperCase(),
        headers: { Authorization: authorization },
      });
      await finish(res);
      return { status: res.status, challenge: res.headers.get('www-authenticate') };
    };
    // A live key gets in (whatever the route then says of the made-up ids), a wrong one is 401 with the challenge.
    expect((await send(`Table ${key}`)).status).not.toBe(401);
    expect(await send(`Table ${'x'.repeat(32)}`)).toEqual({ status: 401, challenge: 'Table' });
    expect(await send('Table')).toEqual({ status: 401, challenge: 'Table' });
  });
});

describe('public routes', () => {
  test.each(openRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', async (_, route) => {
    const refused: string[] = [];
    for (const kind of [...BAD, ...ROLES]) {
      const status = await statusFor(route, tokens[kind]);
      if (status === 401 || status === 403) refused.push(`${kind}: ${status}`);
    }
    expect(refused).toEqual([]);
  });
});
