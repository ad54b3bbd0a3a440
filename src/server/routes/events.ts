import { Hono, type Context } from 'hono';
import { eventDraftSchema, eventIdParamsSchema } from '../../shared/events.ts';
import type { AppDeps } from '../app.ts';
import { optionalUser, requireRole, requireUser, type AuthVariables } from '../auth/middleware.ts';
import { roleOf } from '../auth/roles.ts';
import { canSeeAdmin } from '../../shared/roles.ts';
import { createLiveDetails } from '../events/live-details.ts';
import { createEvent, getEvent, listEvents, updateEvent } from '../events/store.ts';
import { youtubeVideoId } from '../../shared/youtube.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { HttpError } from '../http/errors.ts';
import { readJson, readParams } from '../http/validate.ts';

/**
 * Spec part 2 §7: GET /api/v1/events (public; drafts only for admins and
 * developers), POST /api/v1/events and PUT /api/v1/events/{id} (admin, the
 * full draft; the answer is the event). The list is revalidated by the
 * service worker on every read, so it carries a strong ETag and answers 304.
 */
export function eventRoutes({ db, verify, videoService }: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const admin = [requireUser(db, verify), requireRole('admin', 'dev')] as const;
  const liveDetails = createLiveDetails(videoService);

  /** A valid admin or developer token shows drafts; anything else (no token, a stale one) gets the public list. */
  async function seesDrafts(c: Context): Promise<boolean> {
    const claims = await optionalUser(c, verify);
    return claims ? canSeeAdmin(roleOf(db, claims)) : false;
  }

  app.get('/events', async (c) => {
    const body = JSON.stringify({ events: listEvents(db, { drafts: await seesDrafts(c) }) });
    return sendTaggedJson(c, body, { 'Cache-Control': 'no-cache', Vary: 'Authorization' });
  });

  // The same list with drafts, for the admin's page: a path of its own, so the service worker's cache of the
  // public list (keyed by path) never holds drafts nor answers for them.
  app.get('/admin/events', ...admin, (c) => c.json({ events: listEvents(db, { drafts: true }) }));

  // Spec §4: the livestream's live details, polled every 30 s by an open popup until the stream starts.
  app.get('/events/:id/live', async (c) => {
    const { id } = readParams(c, eventIdParamsSchema);
    const event = getEvent(db, id);
    if (!event || (event.status === 'draft' && !(await seesDrafts(c)))) {
      throw new HttpError(404, 'not_found', `No event ${id}.`);
    }
    return c.json(await liveDetails(youtubeVideoId(event.youtube_url)));
  });

  app.post('/events', ...admin, async (c) => {
    const draft = await readJson(c, eventDraftSchema);
    return c.json(createEvent(db, draft), 201);
  });

  app.put('/events/:id', ...admin, async (c) => {
    const { id } = readParams(c, eventIdParamsSchema);
    const draft = await readJson(c, eventDraftSchema);
    const event = updateEvent(db, id, draft);
    if (!event) throw new HttpError(404, 'not_found', `No event ${id}.`);
    return c.json(event);
  });
  return app;
}
