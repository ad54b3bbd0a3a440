import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveDetails } from '../../shared/answers/events.ts';
import { seedDemoEvents } from '../demo/events.ts';
import { createHarness } from '../test/harness.ts';

/** A stand-in for the YouTube Data API on a local port: counts the calls and answers what `reply` says. */
async function videoApi(reply: (url: URL) => { status: number; body?: unknown }) {
  const calls: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(url);
    const { status, body } = reply(url);
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { calls, apiUrl: `http://127.0.0.1:${port}/youtube/v3`, close: () => new Promise((r) => server.close(r)) };
}

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function harness(videoService?: { apiKey: string; apiUrl: string }) {
  const h = await createHarness({ videoService });
  closers.push(() => h.close());
  seedDemoEvents(h.db, '2026-03-10');
  return h;
}

async function live(h: Awaited<ReturnType<typeof harness>>, id: number) {
  const res = await h.request(`/api/v1/events/${id}/live`);
  return { status: res.status, body: (await res.json()) as LiveDetails };
}

describe('GET /api/v1/events/{id}/live', () => {
  it('without a key answers the video id and no times: the popup goes by the event’s schedule', async () => {
    const h = await harness();
    expect(await live(h, 2)).toEqual({
      status: 200,
      body: {
        video_id: 'AWdemoLive1',
        source: 'schedule',
        scheduled_start: null,
        actual_start: null,
        actual_end: null,
      },
    });
  });

  it('with a key asks the video service once per 30 s and passes its times on', async () => {
    const api = await videoApi(() => ({
      status: 200,
      body: {
        items: [
          {
            liveStreamingDetails: {
              scheduledStartTime: '2026-04-18T15:00:00Z',
              actualStartTime: '2026-04-18T15:04:00Z',
            },
          },
        ],
      },
    }));
    closers.push(api.close);
    const h = await harness({ apiKey: 'k-123', apiUrl: api.apiUrl });
    const first = await live(h, 2);
    expect(first.body).toEqual({
      video_id: 'AWdemoLive1',
      source: 'video-service',
      scheduled_start: '2026-04-18T15:00:00Z',
      actual_start: '2026-04-18T15:04:00Z',
      actual_end: null,
    });
    await live(h, 2);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.pathname).toBe('/youtube/v3/videos');
    expect(Object.fromEntries(api.calls[0]!.searchParams)).toEqual({
      part: 'liveStreamingDetails',
      id: 'AWdemoLive1',
      key: 'k-123',
    });
  });

  it('falls back to the schedule when the service fails, and never leaks the failure', async () => {
    const api = await videoApi(() => ({ status: 403, body: { error: { message: 'quota' } } }));
    closers.push(api.close);
    const h = await harness({ apiKey: 'k', apiUrl: api.apiUrl });
    expect((await live(h, 2)).body).toMatchObject({ source: 'schedule', scheduled_start: null });
  });

  it('answers 404 for an unknown event or a draft, 400 for a bad id', async () => {
    const h = await harness();
    expect((await live(h, 9999)).status).toBe(404);
    const draftId = h.db.prepare("SELECT id FROM events WHERE status = 'draft'").pluck().get() as number;
    expect((await live(h, draftId)).status).toBe(404);
    expect((await h.request('/api/v1/events/abc/live')).status).toBe(400);
  });
});
