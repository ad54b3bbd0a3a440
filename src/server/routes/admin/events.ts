import { Hono } from 'hono';
import type { AppDeps } from '../../deps.ts';
import { listEvents } from '../../events/store.ts';

/**
 * /admin/events: the events list with drafts, for the admin's page. A path of
 * its own, so the service worker's cache of the public list (keyed by path)
 * never holds drafts nor answers for them.
 */
export function adminEventRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  app.get('/', (c) => c.json({ events: listEvents(db, { drafts: true }) }));
  return app;
}
