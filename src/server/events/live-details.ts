import type { LiveDetails } from '../../shared/answers/events.ts';

/**
 * The video service's live details for a livestream (optional: it needs a
 * key; without one the events' own schedule is used): YouTube Data
 * API v3 videos?part=liveStreamingDetails. The key stays on the server; each
 * video is asked at most once per 30 s whoever polls, and a slow or failing
 * service never fails the answer: it falls back to the event's own schedule.
 */
export interface VideoServiceConfig {
  apiKey: string;
  /** The API's base, e.g. https://www.googleapis.com/youtube/v3 (a test points it at a local server). */
  apiUrl: string;
}

export const LIVE_DETAILS_TTL_MS = 30_000;
const TIMEOUT_MS = 5_000;

type Times = Pick<LiveDetails, 'scheduled_start' | 'actual_start' | 'actual_end'>;
const NONE: Times = { scheduled_start: null, actual_start: null, actual_end: null };

const iso = (v: unknown): string | null => (typeof v === 'string' && Number.isFinite(Date.parse(v)) ? v : null);

export function createLiveDetails(config: VideoServiceConfig | undefined, now = () => Date.now()) {
  const cache = new Map<string, { at: number; times: Times | null }>();

  async function ask(videoId: string): Promise<Times | null> {
    const url = new URL(`${config!.apiUrl.replace(/\/+$/, '')}/videos`);
    url.searchParams.set('part', 'liveStreamingDetails');
    url.searchParams.set('id', videoId);
    url.searchParams.set('key', config!.apiKey);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) return null;
      const body = (await res.json()) as { items?: { liveStreamingDetails?: Record<string, unknown> }[] };
      const live = body.items?.[0]?.liveStreamingDetails;
      if (!live) return NONE;
      return {
        scheduled_start: iso(live.scheduledStartTime),
        actual_start: iso(live.actualStartTime),
        actual_end: iso(live.actualEndTime),
      };
    } catch {
      return null;
    }
  }

  return async function liveDetails(videoId: string | null): Promise<LiveDetails> {
    if (!config || !videoId) return { video_id: videoId, source: 'schedule', ...NONE };
    const hit = cache.get(videoId);
    let times = hit && now() - hit.at < LIVE_DETAILS_TTL_MS ? hit.times : undefined;
    if (times === undefined) {
      times = await ask(videoId);
      cache.set(videoId, { at: now(), times });
    }
    return times
      ? { video_id: videoId, source: 'video-service', ...times }
      : { video_id: videoId, source: 'schedule', ...NONE };
  };
}
export type LiveDetailsLookup = ReturnType<typeof createLiveDetails>;
