/**
 * The events' pure rules (status, badge, dates, links, paging), free of zod so
 * the events page can import them without pulling the schemas into its chunk.
 */
import { compareText } from './compare-text.ts';

export const EVENT_STATUSES = ['draft', 'pending', 'confirmed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const IMAGE_POSITIONS = ['top', 'center'] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];

/** An event as the API answers it (plus the social links the popup's buttons open). */
export interface EventRecord {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  date: string;
  estimated: boolean;
  schedule_start: string | null;
  location: string | null;
  venue: string | null;
  host_hotel: string | null;
  weigh_ins: string[];
  men_classes: string | null;
  women_classes: string | null;
  masters_classes: string | null;
  kids_classes: string | null;
  notes: string | null;
  about: string | null;
  entry_fees: string | null;
  spectator: string | null;
  cash_prizes: string | null;
  awards: string | null;
  benefiting: string | null;
  contacts: string[];
  /** The event's website. */
  link: string | null;
  /** YouTube link; also the livestream. */
  youtube_url: string | null;
  facebook_url: string | null;
  image_url: string | null;
  images: string[];
  image_position: ImagePosition;
  /** Missing (null) on older rows: derived with `eventStatus`. */
  status: EventStatus | null;
  pending_details: boolean;
}

/** The event's free-text fields, each a string or null. */
export const EVENT_TEXT_FIELDS = [
  'schedule_start',
  'location',
  'venue',
  'host_hotel',
  'men_classes',
  'women_classes',
  'masters_classes',
  'kids_classes',
  'notes',
  'about',
  'entry_fees',
  'spectator',
  'cash_prizes',
  'awards',
  'benefiting',
  'link',
  'youtube_url',
  'facebook_url',
  'image_url',
] as const satisfies readonly (keyof EventRecord)[];
export type EventTextField = (typeof EVENT_TEXT_FIELDS)[number];

/** If status is missing, pending_details true means pending, otherwise confirmed. */
export function eventStatus(e: {
  status?: EventStatus | null | undefined;
  pending_details?: boolean | undefined;
}): EventStatus {
  if (e.status && (EVENT_STATUSES as readonly string[]).includes(e.status)) return e.status;
  return e.pending_details ? 'pending' : 'confirmed';
}

export type EventBadge = 'LIVE' | 'Draft' | 'Pending' | 'Confirmed';

/** LIVE when the event date is today, otherwise Draft, Pending or Confirmed. */
export function eventBadge(e: Pick<EventRecord, 'date' | 'status' | 'pending_details'>, today: string): EventBadge {
  if (e.date === today) return 'LIVE';
  const s = eventStatus(e);
  return s === 'draft' ? 'Draft' : s === 'pending' ? 'Pending' : 'Confirmed';
}

/** An event is past when its date is before today. */
export function isPastEvent(e: Pick<EventRecord, 'date'>, today: string): boolean {
  return e.date < today;
}

/** Upcoming soonest first; past newest first. */
export function splitEvents<E extends Pick<EventRecord, 'date' | 'id'>>(events: readonly E[], today: string) {
  const upcoming = events.filter((e) => !isPastEvent(e, today));
  const past = events.filter((e) => isPastEvent(e, today));
  upcoming.sort((a, b) => compareText(a.date, b.date) || a.id - b.id);
  past.sort((a, b) => compareText(b.date, a.date) || b.id - a.id);
  return { upcoming, past };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_SHORT = MONTHS.map((m) => m.slice(0, 3));
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function parts(date: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * Pending events show month and year with (est); estimated events show the
 * date with (est); others the date.
 */
export function eventDateLabel(e: Pick<EventRecord, 'date' | 'estimated' | 'status' | 'pending_details'>): string {
  const p = parts(e.date);
  if (!p) return e.date;
  const [y, m, d] = p;
  if (eventStatus(e) === 'pending') return `${MONTHS[m - 1]} ${y} (est)`;
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const label = `${weekday}, ${MONTHS_SHORT[m - 1]} ${d}, ${y}`;
  return e.estimated ? `${label} (est)` : label;
}

/** A phone for call/text links needs 7+ digits; a 10-digit number gets +1. */
export function phoneHref(line: string): string | null {
  const m = /\+?\d[\d\s().-]{5,}\d/.exec(line);
  if (!m) return null;
  const digits = m[0].replace(/\D/g, '');
  if (digits.length < 7) return null;
  if (m[0].startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : digits;
}

export const ABOUT_CUT = 240;
export const ABOUT_MIN_CUT = 60;

/**
 * About collapses at about 240 characters (min 60): the cut falls on the last
 * word break before the limit. Null when the text needs no cut.
 */
export function aboutCut(text: string, limit = ABOUT_CUT): string | null {
  const max = Math.max(ABOUT_MIN_CUT, limit);
  if (text.length <= max) return null;
  const space = text.lastIndexOf(' ', max);
  const end = space >= ABOUT_MIN_CUT ? space : max;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Past events paging: card height estimate 280 px, Show more adds 6, scroll adds 1. */
export const PAST_CARD_HEIGHT = 280;
export const PAST_SHOW_MORE = 6;
export const PAST_SCROLL_MORE = 1;
export const PAST_LAZY_MARGIN_PX = 900;
export const PAST_END_MARGIN_PX = 200;

export function initialPastCount(viewportHeight: number): number {
  return Math.floor(Math.max(0, viewportHeight) / PAST_CARD_HEIGHT) + 1;
}

/** The link that shares an event. */
export function eventSharePath(e: Pick<EventRecord, 'id'>): string {
  return `/events?id=${e.id}`;
}

/** Finds the event a deep link names: by id, or by name in any case. */
export function findEvent<E extends Pick<EventRecord, 'id' | 'name'>>(
  events: readonly E[],
  target: { id?: number | undefined; name?: string | undefined },
): E | undefined {
  if (target.id !== undefined) return events.find((e) => e.id === target.id);
  const name = target.name?.trim().toLowerCase();
  return name ? events.find((e) => e.name.trim().toLowerCase() === name) : undefined;
}

/** A maps search for a location (tapping a location opens a maps service). */
export function mapsSearchUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}
