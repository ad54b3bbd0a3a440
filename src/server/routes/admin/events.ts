import { Hono } from 'hono';
import type { AppDeps } from '../../deps.ts';
import { eventListSchema } from '../../../shared/events.ts';
import { listEvents } from '../../events/store.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';

/**
 * /admin/events: the events list with drafts, for the admin's page. A path of
 * its own, so the service worker's cache of the public list (keyed by path)
 * never holds drafts nor answers for them.
 */
export function adminEventRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  const listAdminEventsDoc = describeRoute({
    operationId: 'listAdminEvents',
    summary: 'Every event with the drafts',
    tag: 'admin',
    access: ADMIN,
    responses: { 200: { description: 'The events.', json: eventListSchema } },
  });
  app.get('/', listAdminEventsDoc, (c) => c.json({ events: listEvents(db, { drafts: true }) }));
  return app;
}
