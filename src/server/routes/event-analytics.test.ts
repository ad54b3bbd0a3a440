import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsSummarySchema } from '../../shared/events.ts';
import { grantRole } from '../auth/roles.ts';
import { createHarness } from '../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness({ submissions: { rateLimit: { limit: 3, windowSeconds: 600 } } });
});
afterEach(() => h.close());

const send = (json: unknown) => h.request('/api/v1/events/analytics', { method: 'POST', json });

describe('livestream analytics', () => {
  it('takes anonymous opens and closes and sums them up for admins, since_hours clamped', async () => {
    expect((await send({ action: 'open', event_id: 2, event_name: 'State', session_id: 's1' })).status).toBe(204);
    expect((await send({ action: 'close', event_id: 2, open_ms: 4000, watch_ms: 1000, session_id: 's1' })).status).toBe(204);
    expect((await send({ action: 'close', event_id: 2, open_ms: 2000, watch_ms: 3000, session_id: 's2' })).status).toBe(204);
    expect((await send({ action: 'peek', session_id: 's1' })).status).toBe(400);

    grantRole(h.db, 'admin-1', 'admin');
    const token = await h.token({ sub: 'admin-1' });
    const res = await h.request('/api/analytics-summary?since_hours=99999', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(analyticsSummarySchema.parse(await res.json())).toEqual({
      opens: 1,
      closes: 2,
      unique_ips: 1,
      unique_sessions: 2,
      avg_open_ms: 3000,
      avg_watch_ms: 2000,
      total_watch_ms: 4000,
      since_hours: 8760,
    });
    const dflt = (await (await h.request('/api/analytics-summary?since_hours=abc', { token })).json()) as { since_hours: number };
    expect(dflt.since_hours).toBe(168);
    const low = (await (await h.request('/api/analytics-summary?since_hours=0', { token })).json()) as { since_hours: number };
    expect(low.since_hours).toBe(1);
  });

  it('is rate limited, and the summary is for admins only', async () => {
    // Its own limit, larger than the submissions' (3 in this harness): 240 per IP, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 241; i++) statuses.push((await send({ action: 'open', session_id: `s${i}` })).status);
    expect(statuses.slice(0, 240).every((s) => s === 204)).toBe(true);
    expect(statuses[240]).toBe(429);
    expect((await h.request('/api/analytics-summary')).status).toBe(401);
    expect((await h.request('/api/analytics-summary', { token: await h.token({ sub: 'u' }) })).status).toBe(403);
  });
});
