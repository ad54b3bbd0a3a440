import { Hono } from 'hono';
import { roleResponseSchema } from '../../shared/answers/server.ts';
import { meProfileSchema, nameStatusSchema, type MeProfileResponse } from '../../shared/name-claims.ts';
import type { RoleResponse } from '../../shared/answers/server.ts';
import type { AppDeps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../auth/middleware.ts';
import { nameStatusOf } from '../names/name-claims.ts';
import { describeRoute, SIGNED_IN } from '../openapi/describe.ts';

/**
 * /me: what the signed-in user may ask about themselves. Every answer is read
 * by the token's subject only: one account never sees another's claim. The
 * guard is on each route, so a path without a route is a 404 to anyone.
 */
export function meRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const signedIn = requireUser(db, verify);

  const getMyRoleDoc = describeRoute({
    operationId: 'getMyRole',
    summary: "The caller's role",
    tag: 'account',
    access: SIGNED_IN,
    responses: { 200: { description: 'The role.', json: roleResponseSchema } },
  });
  app.get('/role', getMyRoleDoc, signedIn, (c) => c.json({ role: c.get('user').role } satisfies RoleResponse));

  const getMyNameStatusDoc = describeRoute({
    operationId: 'getMyNameStatus',
    summary: "The caller's claim to a leaderboard name",
    tag: 'account',
    access: SIGNED_IN,
    responses: { 200: { description: 'The status.', json: nameStatusSchema } },
  });
  app.get('/name-status', getMyNameStatusDoc, signedIn, (c) => c.json(nameStatusOf(db, c.get('user').sub)));

  const getMyProfileDoc = describeRoute({
    operationId: 'getMyProfile',
    summary: "The caller's profile",
    tag: 'account',
    access: SIGNED_IN,
    responses: { 200: { description: 'The profile.', json: meProfileSchema } },
  });
  app.get('/profile', getMyProfileDoc, signedIn, (c) => {
    const status = nameStatusOf(db, c.get('user').sub);
    return c.json({
      name_locked: status.status === 'verified',
      athlete_name: status.athlete_name,
      pending_requested_name: status.pending_requested_name,
    } satisfies MeProfileResponse);
  });
  return app;
}
