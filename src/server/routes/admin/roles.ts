import { Hono } from 'hono';
import { roleGrantSchema } from '../../../shared/role-grants.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { grantRole, listGrants, revokeRole } from '../../auth/roles.ts';
import { HttpError } from '../../http/errors.ts';
import { readJson, readQuery } from '../../http/validate.ts';

/** /admin/roles: the same grants as `npm run role`, for admins in the browser. */
export function adminRoleRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', (c) => c.json({ grants: listGrants(db) }));
  app.post('/', async (c) => {
    const { principal, role } = await readJson(c, roleGrantSchema);
    const created = grantRole(db, principal, role);
    return c.json({ grants: listGrants(db) }, created ? 201 : 200);
  });
  // Revoking what nobody holds is a 404, so a typo is not mistaken for a revoked grant.
  app.delete('/', (c) => {
    const { principal, role } = readQuery(c, roleGrantSchema);
    if (!revokeRole(db, principal, role)) throw new HttpError(404, 'not_found', `${principal} does not hold ${role}.`);
    return c.json({ grants: listGrants(db) });
  });
  return app;
}
