import type { AnalyticsEvent, AnalyticsSummary } from '../../shared/events.ts';
import { insertRow, type Db } from '../db/connection.ts';

/** Livestream popup opens and closes, anonymous: the IP is kept only to count unique visitors. */

export function recordAnalyticsEvent(db: Db, a: AnalyticsEvent, ip: string, now = Date.now()): void {
  insertRow(db, 'event_analytics', {
    action: a.action,
    event_id: a.event_id,
    event_name: a.event_name,
    open_ms: a.open_ms,
    watch_ms: a.watch_ms,
    session_id: a.session_id,
    ip,
    created_at: new Date(now).toISOString(),
  });
}

/** Opens, closes and their averages over the last `sinceHours`; the averages and sums count closes only. */
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
