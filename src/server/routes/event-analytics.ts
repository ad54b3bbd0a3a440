import { Hono } from 'hono';
import { analyticsEventSchema, analyticsSummaryQuerySchema, type AnalyticsSummary } from '../../shared/events.ts';
import type { AppDeps } from '../app.ts';
import { requireRole, requireUser, type AuthVariables } from '../auth/middleware.ts';
import type { Db } from '../db/connection.ts';
import { clientIp } from '../http/client-ip.ts';
import { createRateLimiter, rateLimit } from '../http/rate-limit.ts';
import { readJson, readQuery } from '../http/validate.ts';

/** Opens and closes per IP: generous (a popup per page view), still a brake on a flood. */
const ANALYTICS_RATE_LIMIT = { limit: 240, windowSeconds: 600 };

/** Spec part 2 §7: POST /api/v1/events/analytics, anonymous and rate limited (off when submissions' limit is off). */
export function eventAnalyticsRoutes({ db, submissions }: AppDeps) {
  const app = new Hono();
  const trustProxy = submissions?.trustProxy ?? false;
  if (submissions?.rateLimit !== null) {
    app.use('/events/analytics', rateLimit(createRateLimiter(ANALYTICS_RATE_LIMIT), (c) => clientIp(c, trustProxy)));
  }
  app.post('/events/analytics', async (c) => {
    const a = await readJson(c, analyticsEventSchema);
    db.prepare(
      `INSERT INTO event_analytics (action, event_id, event_name, open_ms, watch_ms, session_id, ip, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      a.action,
      a.event_id ?? null,
      a.event_name ?? null,
      a.open_ms ?? null,
      a.watch_ms ?? null,
      a.session_id,
      clientIp(c, trustProxy),
      new Date().toISOString(),
    );
    return c.body(null, 204);
  });
  return app;
}

export function analyticsSummary(db: Db, sinceHours: number, now = Date.now()): AnalyticsSummary {
  const since = new Date(now - sinceHours * 3600 * 1000).toISOString();
  const row = db
    .prepare(
      `SELECT
         COALESCE(SUM(action = 'open'), 0) AS opens,
         COALESCE(SUM(action = 'close'), 0) AS closes,
         COUNT(DISTINCT ip) AS unique_ips,
         COUNT(DISTINCT session_id) AS unique_sessions,
         COALESCE(AVG(CASE WHEN action = 'close' THEN open_ms END), 0) AS avg_open_ms,
         COALESCE(AVG(CASE WHEN action = 'close' THEN watch_ms END), 0) AS avg_watch_ms,
         COALESCE(SUM(CASE WHEN action = 'close' THEN watch_ms END), 0) AS total_watch_ms
       FROM event_analytics WHERE created_at >= ?`,
    )
    .get(since) as Omit<AnalyticsSummary, 'since_hours'>;
  return {
    ...row,
    avg_open_ms: Math.round(row.avg_open_ms),
    avg_watch_ms: Math.round(row.avg_watch_ms),
    since_hours: sinceHours,
  };
}

/** Spec part 2 §7: GET /api/analytics-summary?since_hours= (admin, no cache). Mounted at /api, beside /api/v1. */
export function analyticsSummaryRoutes({ db, verify }: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/analytics-summary', requireUser(db, verify), requireRole('admin', 'dev'), (c) => {
    const { since_hours } = readQuery(c, analyticsSummaryQuerySchema);
    return c.json(analyticsSummary(db, since_hours), 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
