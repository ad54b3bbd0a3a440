import { Hono } from 'hono';
import type { RoleResponse } from '../../shared/roles.ts';
import type { AuthVariables } from '../auth/middleware.ts';
import { requireUser } from '../auth/middleware.ts';
import type { AppDeps } from '../app.ts';

/** What the signed-in user may ask about themselves. */
export function meRoutes({ db, verify }: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/role', requireUser(db, verify), (c) => c.json({ role: c.get('user').role } satisfies RoleResponse));
  return app;
}
