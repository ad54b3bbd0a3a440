import { Hono } from 'hono';
import type { MeProfileResponse } from '../../shared/name-claims.ts';
import type { RoleResponse } from '../../shared/roles.ts';
import type { AppDeps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../auth/middleware.ts';
import { nameStatusOf } from '../names/name-claims.ts';

/**
 * /me: what the signed-in user may ask about themselves. Every answer is read
 * by the token's subject only: one account never sees another's claim. The
 * guard is on each route, so a path without a route is a 404 to anyone.
 */
export function meRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const signedIn = requireUser(db, verify);

  app.get('/role', signedIn, (c) => c.json({ role: c.get('user').role } satisfies RoleResponse));

  app.get('/name-status', signedIn, (c) => c.json(nameStatusOf(db, c.get('user').sub)));

  app.get('/profile', signedIn, (c) => {
    const status = nameStatusOf(db, c.get('user').sub);
    return c.json({
      name_locked: status.status === 'verified',
      athlete_name: status.athlete_name,
      pending_requested_name: status.pending_requested_name,
    } satisfies MeProfileResponse);
  });
  return app;
}
