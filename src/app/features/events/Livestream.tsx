import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { EventRecord } from '../../../shared/event-rules.ts';
import { youtubeEmbedUrl, youtubeVideoId } from '../../../shared/youtube.ts';
import type { LiveDetails } from '../../../shared/answers/events.ts';
import { apiGet, apiPost } from '../../lib/api.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { useOnline } from '../../pwa/connectivity.ts';
import { eventKeys } from './event-keys.ts';
import { formatCountdown, liveOverlapMs, livestreamState, type VideoTimes } from './livestream.ts';

export const LIVE_NOW = 'Live now';
/** Live details are polled every 30 s until the stream has started. */
export const LIVE_POLL_MS = 30_000;

/**
 * The livestream embedded, with a countdown before it starts
 * and 'Live now' at zero; ticks each second until it ends. The player is only
 * put in while online: offline it could only show the browser's error page.
 */
export function Livestream({ event }: { event: EventRecord & { youtube_url: string } }) {
  const online = useOnline();
  const [now, setNow] = useState(() => Date.now());
  const titleId = useId();
  const videoId = youtubeVideoId(event.youtube_url);
  const { data } = useQuery({
    queryKey: eventKeys.live(event.id),
    queryFn: () => apiGet<LiveDetails>(`/events/${event.id}/live`, { fresh: true }),
    enabled: online && !!videoId,
    // Until the stream has started (by what the service said last), ask again every 30 s.
    refetchInterval: (query) =>
      livestreamState(event, Date.now(), serviceTimes(query.state.data))?.phase === 'before' ? LIVE_POLL_MS : false,
    staleTime: LIVE_POLL_MS,
  });
  const state = livestreamState(event, now, serviceTimes(data));
  const phase = state?.phase;
  useEffect(() => {
    if (!phase || phase === 'ended') return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [phase]);
  return (
    <section className="event-section event-livestream" aria-labelledby={titleId}>
      <h3 id={titleId}>Livestream</h3>
      {state?.phase === 'before' ? (
        <p>
          Starts in <span className="countdown">{formatCountdown(state.msLeft)}</span>
        </p>
      ) : null}
      {state?.phase === 'live' ? <p className="live-now">{LIVE_NOW}</p> : null}
      {state?.phase === 'ended' ? <p className="muted">The livestream has ended.</p> : null}
      {videoId && online ? (
        <div className="video-frame">
          <iframe
            src={youtubeEmbedUrl(videoId)}
            title={`${event.name} livestream`}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}
    </section>
  );
}

/** The video service's times, when it was asked and answered. */
const serviceTimes = (data: LiveDetails | undefined): VideoTimes | undefined =>
  data?.source === 'video-service' ? data : undefined;

/** The video service's times the popup last heard for an event. */
const videoTimesSeen = (client: QueryClient, id: number) =>
  serviceTimes(client.getQueryData<LiveDetails>(eventKeys.live(id)));

const SESSION_KEY = STORAGE_KEYS.analyticsSession;

function sessionId(): string {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return 'no-storage';
  }
}

function send(body: Record<string, unknown>) {
  void apiPost('/events/analytics', body, { keepalive: true }).catch(() => undefined);
}

/**
 * Analytics: an 'open' when an event with a livestream is
 * shown, a 'close' with how long it was open and how much of that the stream
 * was live. Best effort: a lost beacon is not worth a retry.
 */
export function useLivestreamAnalytics(event: EventRecord) {
  const { id, name, date, schedule_start, youtube_url } = event;
  const client = useQueryClient();
  useEffect(() => {
    if (!youtube_url) return;
    const openedAt = Date.now();
    const base = { event_id: id, event_name: name, session_id: sessionId() };
    send({ action: 'open', ...base });
    return () => {
      const closedAt = Date.now();
      send({
        action: 'close',
        ...base,
        open_ms: closedAt - openedAt,
        watch_ms: liveOverlapMs({ date, schedule_start }, openedAt, closedAt, videoTimesSeen(client, id)),
      });
    };
  }, [client, id, name, date, schedule_start, youtube_url]);
}
