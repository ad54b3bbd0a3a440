import { Hono, type Context } from 'hono';
import { eventDraftSchema, eventIdParamsSchema } from '../../shared/events.ts';
import { canSeeAdmin } from '../../shared/roles.ts';
import { youtubeVideoId } from '../../shared/youtube.ts';
import type { AppDeps } from '../deps.ts';
import { optionalUser, requireAdmin, type AuthVariables } from '../auth/middleware.ts';
import { roleOf } from '../auth/roles.ts';
import { createLiveDetails } from '../events/live-details.ts';
import { removeUnreferenced } from '../events/images.ts';
import { createEvent, getEvent, listEvents, updateEvent } from '../events/store.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { HttpError } from '../http/errors.ts';
import { readJson, readParams } from '../http/validate.ts';
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

  /** A valid admin or developer token shows drafts; anything else (no token, a stale one) gets the public list. */
  async function seesDrafts(c: Context): Promise<boolean> {
    const claims = await optionalUser(c, verify);
    return claims ? canSeeAdmin(roleOf(db, claims)) : false;
  }

  app.route('/analytics', analyticsBeaconRoutes(deps));

  app.get('/', async (c) => {
    const body = JSON.stringify({ events: listEvents(db, { drafts: await seesDrafts(c) }) });
    return sendTaggedJson(c, body, { 'Cache-Control': 'no-cache', Vary: 'Authorization' });
  });

  // Polled every 30 s by an open livestream popup until the stream starts.
  app.get('/:id/live', async (c) => {
    const { id } = readParams(c, eventIdParamsSchema);
    const event = getEvent(db, id);
    if (!event || (event.status === 'draft' && !(await seesDrafts(c)))) {
      throw new HttpError(404, 'not_found', `No event ${id}.`);
    }
    return c.json(await liveDetails(youtubeVideoId(event.youtube_url)));
  });

  app.post('/', admin, async (c) => {
    const draft = await readJson(c, eventDraftSchema);
    return c.json(createEvent(db, draft), 201);
  });

  app.put('/:id', admin, async (c) => {
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
