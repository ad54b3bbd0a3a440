import { Hono } from 'hono';
import { roleGrantSchema } from '../../shared/role-grants.ts';
import { z } from 'zod';
import type { AuthVariables } from '../auth/middleware.ts';
import { requireRole, requireUser } from '../auth/middleware.ts';
import { grantRole, listGrants, revokeRole } from '../auth/roles.ts';
import type { AppDeps } from '../app.ts';
import { readJson, readQuery } from '../http/validate.ts';

/** The same grants as `npm run role`, for admins in the browser. */
export function adminRoleRoutes({ db, verify }: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const guard = [requireUser(db, verify), requireRole('admin', 'dev')] as const;
  app.get('/', ...guard, (c) => c.json({ grants: listGrants(db) }));
  app.post('/', ...guard, async (c) => {
    const { principal, role } = await readJson(c, roleGrantSchema);
    const created = grantRole(db, principal, role);
    return c.json({ grants: listGrants(db) }, created ? 201 : 200);
  });
  app.delete('/', ...guard, (c) => {
    const { principal, role } = readQuery(c, roleGrantSchema.extend({ principal: z.string().trim().min(1).max(254) }));
    revokeRole(db, principal, role);
    return c.json({ grants: listGrants(db) });
  });
  return app;
}
