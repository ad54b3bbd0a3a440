import { Hono } from 'hono';
import { analyticsEventSchema, analyticsSummaryQuerySchema, analyticsSummarySchema } from '../../shared/events.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin, type AuthVariables } from '../auth/middleware.ts';
import { analyticsSummary, recordAnalyticsEvent } from '../events/analytics.ts';
import { clientIp } from '../http/client-ip.ts';
import { createRateLimiter, rateLimit } from '../http/rate-limit.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { ADMIN, describeRoute } from '../openapi/describe.ts';

/** Opens and closes per IP: generous (a popup per page view), still a brake on a flood. */
const ANALYTICS_RATE_LIMIT = { limit: 240, windowSeconds: 600 };

/**
 * /events/analytics: the livestream popup's opens and closes, anonymous and
 * rate limited per IP (off when the submissions' limit is off).
 */
export function analyticsBeaconRoutes({ db, submissions }: Pick<AppDeps, 'db' | 'submissions'>) {
  const app = new Hono();
  const trustProxy = submissions?.trustProxy ?? false;
  if (submissions?.rateLimit !== null) {
    app.use(
      '/',
      rateLimit(createRateLimiter(ANALYTICS_RATE_LIMIT), (c) => clientIp(c, trustProxy)),
    );
  }
  const recordLivestreamBeaconDoc = describeRoute({
    operationId: 'recordLivestreamBeacon',
    summary: "The livestream popup's open and close beacons (anonymous)",
    tag: 'events',
    access: 'public',
    json: { schema: analyticsEventSchema, example: { action: 'open', event_id: 1, session_id: 's-1' } },
    responses: { 204: { description: 'Recorded.' } },
    rateLimited: true,
  });
  app.post('/', recordLivestreamBeaconDoc, async (c) => {
    recordAnalyticsEvent(db, await readJson(c, analyticsEventSchema), clientIp(c, trustProxy));
    return c.body(null, 204);
  });
  return app;
}

/**
 * /api/analytics-summary?since_hours= (admin, no cache): the beacons summed
 * up. Mounted beside /api/v1, not in it.
 */
export function analyticsSummaryRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const getAnalyticsSummaryDoc = describeRoute({
    operationId: 'getAnalyticsSummary',
    summary: 'The livestream beacons summed up (since_hours: 1 to 8760, default 168)',
    tag: 'events',
    access: ADMIN,
    query: analyticsSummaryQuerySchema,
    queryExample: { since_hours: '24' },
    responses: { 200: { description: 'The summary.', json: analyticsSummarySchema } },
  });
  app.get('/', getAnalyticsSummaryDoc, requireAdmin(db, verify), (c) => {
    const { since_hours } = readQuery(c, analyticsSummaryQuerySchema);
    return c.json(analyticsSummary(db, since_hours), 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
