import { Hono } from 'hono';
import { z } from 'zod';
import { roleGrantSchema } from '../../../shared/role-grants.ts';
import type { AppDeps } from '../../app.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { grantRole, listGrants, revokeRole } from '../../auth/roles.ts';
import { readJson, readQuery } from '../../http/validate.ts';

/** /admin/roles: the same grants as `npm run role`, for admins in the browser. */
export function adminRoleRoutes({ db }: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', (c) => c.json({ grants: listGrants(db) }));
  app.post('/', async (c) => {
    const { principal, role } = await readJson(c, roleGrantSchema);
    const created = grantRole(db, principal, role);
    return c.json({ grants: listGrants(db) }, created ? 201 : 200);
  });
  app.delete('/', (c) => {
    const { principal, role } = readQuery(c, roleGrantSchema.extend({ principal: z.string().trim().min(1).max(254) }));
    revokeRole(db, principal, role);
    return c.json({ grants: listGrants(db) });
  });
  return app;
}
