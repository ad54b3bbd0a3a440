/**
 * Live from the scheduled start (the video
 * service's own when the server has a key and it answered, else the event's
 * date plus its parsed start time, noon when none); ended at the video's
 * actual end, or the end of the event's day, or 12 hours (720 minutes) after
 * the start, whichever is first. The event's date and time are the device's
 * local time, as they are written.
 */
export const LIVESTREAM_MAX_MS = 720 * 60 * 1000;
export const DEFAULT_START_MINUTES = 12 * 60;

/** Minutes after midnight of a free-text time with am/pm ('10:00 am', '7 pm', '11:30AM'); null when unreadable. */
export function parseStartMinutes(text: string | null | undefined): number | null {
  const m = /(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/i.exec(text ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (h < 1 || h > 12 || min > 59) return null;
  const pm = m[3]!.toLowerCase().startsWith('p');
  return ((h % 12) + (pm ? 12 : 0)) * 60 + min;
}

/** What the video service said (times as ISO strings); absent when it has not been asked or could not answer. */
export interface VideoTimes {
  scheduled_start?: string | null | undefined;
  actual_start?: string | null | undefined;
  actual_end?: string | null | undefined;
}

type Schedule = { date: string; schedule_start: string | null };

const time = (iso: string | null | undefined): number | null => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : null;
};

export function livestreamStart(e: Schedule, video?: VideoTimes): Date | null {
  const known = time(video?.actual_start) ?? time(video?.scheduled_start);
  if (known !== null) return new Date(known);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(e.date);
  if (!m) return null;
  const minutes = parseStartMinutes(e.schedule_start) ?? DEFAULT_START_MINUTES;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Math.floor(minutes / 60), minutes % 60);
}

export type LivestreamState = { phase: 'before'; msLeft: number } | { phase: 'live' } | { phase: 'ended' };

/** The live window [start, end) in ms, or null when the event's date cannot be read. */
export function liveWindow(e: Schedule, video?: VideoTimes): { start: number; end: number } | null {
  const startDate = livestreamStart(e, video);
  if (!startDate) return null;
  const start = startDate.getTime();
  const endOfDay = new Date(startDate.getFullYear(), startDate.getMonth(), startDate.getDate() + 1).getTime();
  const end = time(video?.actual_end) ?? Math.min(endOfDay, start + LIVESTREAM_MAX_MS);
  return { start, end };
}

export function livestreamState(e: Schedule, now: number, video?: VideoTimes): LivestreamState | null {
  const w = liveWindow(e, video);
  if (!w) return null;
  if (now < w.start) return { phase: 'before', msLeft: w.start - now };
  return now < w.end ? { phase: 'live' } : { phase: 'ended' };
}

/** '2d 03h 04m 05s', without the leading zero parts. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d) return `${d}d ${pad(h)}h ${pad(m)}m ${pad(s % 60)}s`;
  if (h) return `${h}h ${pad(m)}m ${pad(s % 60)}s`;
  return `${m}m ${pad(s % 60)}s`;
}

/** How much of [openedAt, closedAt] the stream was live: the popup's watch time for analytics. */
export function liveOverlapMs(e: Schedule, openedAt: number, closedAt: number, video?: VideoTimes): number {
  const w = liveWindow(e, video);
  return w ? Math.max(0, Math.min(closedAt, w.end) - Math.max(openedAt, w.start)) : 0;
}
