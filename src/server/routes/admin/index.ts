import { Hono } from 'hono';
import type { AppDeps } from '../../deps.ts';
import { requireAdmin, type AuthVariables } from '../../auth/middleware.ts';
import { adminAssociationRoutes } from './association.ts';
import { adminEventRoutes } from './events.ts';
import { adminInboxRoutes } from './inbox.ts';
import { adminNameClaimRoutes } from './name-claims.ts';
import { adminRoleRoutes } from './roles.ts';
import { adminSupermatchRoutes } from './supermatches.ts';
import { adminTournamentRoutes } from './tournaments.ts';

/**
 * The admin API, mounted at /admin behind one guard (admins and developers):
 * every route below it is guarded, so a path without a route answers 401 or
 * 403 before 404 to anyone else.
 */
export function adminRoutes(deps: Pick<AppDeps, 'db' | 'verify' | 'publicUrl'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.use('*', requireAdmin(deps.db, deps.verify));
  app.route('/roles', adminRoleRoutes(deps));
  app.route('/name-submissions', adminNameClaimRoutes(deps));
  app.route('/events', adminEventRoutes(deps));
  app.route('/supermatches', adminSupermatchRoutes(deps));
  app.route('/inbox', adminInboxRoutes(deps));
  app.route('/tournaments', adminTournamentRoutes(deps));
  app.route('/association', adminAssociationRoutes(deps));
  return app;
}
