import { Hono, type Context } from 'hono';
import { liveDetailsSchema } from '../../shared/answers/events.ts';
import { eventDraftSchema, eventIdParamsSchema, eventListSchema, eventSchema } from '../../shared/events.ts';
import { youtubeVideoId } from '../../shared/youtube.ts';
import type { AppDeps } from '../deps.ts';
import { actsAsAdmin, optionalUser, requireAdmin, type AuthVariables } from '../auth/middleware.ts';
import { roleOf } from '../auth/roles.ts';
import { createLiveDetails } from '../events/live-details.ts';
import { removeUnreferenced } from '../events/images.ts';
import { createEvent, getEvent, listEvents, updateEvent } from '../events/store.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { HttpError } from '../http/errors.ts';
import { readJson, readParams } from '../http/validate.ts';
import { ADMIN, describeRoute } from '../openapi/describe.ts';
import { analyticsBeaconRoutes } from './event-analytics.ts';
import { eventImageRoutes } from './event-images.ts';

/**
 * /events: the list (public; drafts only for admins and developers), an
 * admin's new event and edit (the full draft; the answer is the event), a
 * livestream's live details, the events' pictures (admin) and the livestream
 * popup's analytics beacons. The list is revalidated by the service worker on
 * every read, so it carries a strong ETag and answers 304.
 */
export function eventRoutes(deps: Pick<AppDeps, 'db' | 'verify' | 'videoService' | 'submissions'>) {
  const { db, verify, videoService } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const admin = requireAdmin(db, verify);
  const liveDetails = createLiveDetails(videoService);

  /** A valid admin or developer token with admin:read shows drafts; anything else gets the public list. */
  async function seesDrafts(c: Context): Promise<boolean> {
    const claims = await optionalUser(c, verify);
    return claims ? actsAsAdmin({ ...claims, role: roleOf(db, claims) }, 'GET') : false;
  }

  app.route('/analytics', analyticsBeaconRoutes(deps));

  const listEventsDoc = describeRoute({
    operationId: 'listEvents',
    summary: 'Every event (drafts too for admins and developers)',
    tag: 'events',
    access: 'optional',
    responses: { 200: { description: 'The events.', json: eventListSchema } },
    etag: true,
  });
  app.get('/', listEventsDoc, async (c) => {
    const body = JSON.stringify({ events: listEvents(db, { drafts: await seesDrafts(c) }) });
    return sendTaggedJson(c, body, { 'Cache-Control': 'no-cache', Vary: 'Authorization' });
  });

  // Polled every 30 s by an open livestream popup until the stream starts.
  const getEventLiveDetailsDoc = describeRoute({
    operationId: 'getEventLiveDetails',
    summary: "An event's livestream details (polled until the stream starts)",
    tag: 'events',
    access: 'optional',
    params: eventIdParamsSchema,
    responses: { 200: { description: 'The livestream details.', json: liveDetailsSchema } },
    errors: { 404: 'No such event (a draft is none to anyone but admins and developers).' },
  });
  app.get('/:id/live', getEventLiveDetailsDoc, async (c) => {
    const { id } = readParams(c, eventIdParamsSchema);
    const event = getEvent(db, id);
    if (!event || (event.status === 'draft' && !(await seesDrafts(c)))) {
      throw new HttpError(404, 'not_found', `No event ${id}.`);
    }
    return c.json(await liveDetails(youtubeVideoId(event.youtube_url)));
  });

  const createEventDoc = describeRoute({
    operationId: 'createEvent',
    summary: 'Create an event',
    tag: 'events',
    access: ADMIN,
    json: { schema: eventDraftSchema, example: { name: 'Spring Pull', date: '2024-04-01', location: 'Boise, ID' } },
    responses: { 201: { description: 'The event.', json: eventSchema } },
  });
  app.post('/', createEventDoc, admin, async (c) => {
    const draft = await readJson(c, eventDraftSchema);
    return c.json(createEvent(db, draft), 201);
  });

  const updateEventDoc = describeRoute({
    operationId: 'updateEvent',
    summary: 'Replace an event with a full draft',
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    json: { schema: eventDraftSchema, example: { name: 'Spring Pull', date: '2024-04-01' } },
    responses: { 200: { description: 'The event.', json: eventSchema } },
    errors: { 404: 'No such event.' },
  });
  app.put('/:id', updateEventDoc, admin, async (c) => {
    const { id } = readParams(c, eventIdParamsSchema);
    const draft = await readJson(c, eventDraftSchema);
    const before = getEvent(db, id);
    const event = updateEvent(db, id, draft);
    if (!event) throw new HttpError(404, 'not_found', `No event ${id}.`);
    // Pictures the edit dropped (from the list or as the cover) are deleted now that it has committed.
    removeUnreferenced(db, [...(before?.images ?? []), before?.image_url]);
    return c.json(event);
  });

  app.route('/:id/images', eventImageRoutes(deps));
  return app;
}
