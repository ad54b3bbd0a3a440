import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../../auth/roles.ts';
import { createHarness } from '../../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const ADMIN_ONLY = /^\/api\/v1\/admin\/|^\/api\/v1\/events\/:id\/images|^\/api\/analytics-summary$/;

describe('the admin guard', () => {
  it('every admin route: 401 without a token, 403 for a user and a club leader, open to admins and developers', async () => {
    grantRole(h.db, 'admin-sub', 'admin');
    grantRole(h.db, 'leader-sub', 'club_leader');
    grantRole(h.db, 'dev-sub', 'dev');
    const tokens = {
      none: undefined,
      user: await h.token({ sub: 'user-sub' }),
      leader: await h.token({ sub: 'leader-sub' }),
      admin: await h.token({ sub: 'admin-sub' }),
      dev: await h.token({ sub: 'dev-sub' }),
    };
    const routes = h.app.routes.filter((r) => ADMIN_ONLY.test(r.path) && !r.path.includes('*') && r.method !== 'ALL');
    expect(routes.length).toBeGreaterThanOrEqual(16);
    for (const route of routes) {
      const path = route.path.replace(':id', '1').replace(':imageId', '1').replace(':kind', 'feedback');
      const status = async (token: string | undefined) =>
        (await h.request(path, { method: route.method, ...(token ? { token } : {}) })).status;
      const what = `${route.method} ${route.path}`;
      expect(await status(tokens.none), what).toBe(401);
      expect(await status(tokens.user), what).toBe(403);
      expect(await status(tokens.leader), what).toBe(403);
      for (const token of [tokens.admin, tokens.dev]) expect([401, 403], what).not.toContain(await status(token));
    }
  });

  it('a path under /admin without a route: 401 or 403 before 404, a 404 for an admin', async () => {
    grantRole(h.db, 'admin-sub', 'admin');
    expect((await h.request('/api/v1/admin/nothing')).status).toBe(401);
    expect((await h.request('/api/v1/admin/nothing', { token: await h.token({ sub: 'user-sub' }) })).status).toBe(403);
    const res = await h.request('/api/v1/admin/nothing', { token: await h.token({ sub: 'admin-sub' }) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
