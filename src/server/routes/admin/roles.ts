import { Hono } from 'hono';
import { roleGrantListSchema } from '../../../shared/answers/admin.ts';
import { roleGrantSchema } from '../../../shared/role-grants.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { grantRole, listGrants, revokeRole } from '../../auth/roles.ts';
import { HttpError } from '../../http/errors.ts';
import { readJson, readQuery } from '../../http/validate.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';

/** /admin/roles: the same grants as `npm run role`, for admins in the browser. */
export function adminRoleRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const listRoleGrantsDoc = describeRoute({
    operationId: 'listRoleGrants',
    summary: 'Every role grant',
    tag: 'admin',
    access: ADMIN,
    responses: { 200: { description: 'The grants, by principal.', json: roleGrantListSchema } },
  });
  app.get('/', listRoleGrantsDoc, (c) => c.json({ grants: listGrants(db) }));
  const grantRoleDoc = describeRoute({
    operationId: 'grantRole',
    summary: 'Grant a role to a subject or an e-mail (201 new, 200 already held)',
    tag: 'admin',
    access: ADMIN,
    json: { schema: roleGrantSchema, example: { principal: 'someone@example.org', role: 'club_leader' } },
    responses: {
      200: { description: 'It was held already: every grant.', json: roleGrantListSchema },
      201: { description: 'Granted: every grant.', json: roleGrantListSchema },
    },
  });
  app.post('/', grantRoleDoc, async (c) => {
    const { principal, role } = await readJson(c, roleGrantSchema);
    const created = grantRole(db, principal, role);
    return c.json({ grants: listGrants(db) }, created ? 201 : 200);
  });
  // Revoking what nobody holds is a 404, so a typo is not mistaken for a revoked grant.
  const revokeRoleDoc = describeRoute({
    operationId: 'revokeRole',
    summary: 'Take a role grant away',
    tag: 'admin',
    access: ADMIN,
    query: roleGrantSchema,
    queryExample: { principal: 'someone@example.org', role: 'club_leader' },
    responses: { 200: { description: 'Revoked: every grant left.', json: roleGrantListSchema } },
    errors: { 404: 'Nobody holds that grant.' },
  });
  app.delete('/', revokeRoleDoc, (c) => {
    const { principal, role } = readQuery(c, roleGrantSchema);
    if (!revokeRole(db, principal, role)) throw new HttpError(404, 'not_found', `${principal} does not hold ${role}.`);
    return c.json({ grants: listGrants(db) });
  });
  return app;
}
