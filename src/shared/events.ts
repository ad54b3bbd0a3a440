import { z } from 'zod';
import { clampSinceHours } from './analytics-window.ts';
import { EVENT_STATUSES, IMAGE_POSITIONS, type EventRecord } from './event-rules.ts';
import { isAmPmTime, isHttpUrl } from './field-rules.ts';
import { calendarDate, idParam, optionalHttpUrl, optionalText, orNull, requiredText, text } from './field-schemas.ts';

/**
 * The events API contract: the full draft an admin sends with POST
 * /api/v1/events or PUT /api/v1/events/{id}, and the event the API answers.
 * An event keeps null for a field left empty, so its optional fields take
 * null and answer null.
 */

/** The admin editor's own wording of the http(s) rule (its hints say 'starts with http:// or https://'). */
const URL_HINT = 'Enter a URL starting with http:// or https://';

const nullableText = (max: number, lines = false) => orNull(optionalText(max, { lines }));
const optionalUrl = orNull(optionalHttpUrl(1000, URL_HINT));

/** A picture: an absolute http(s) URL or a path on this site (the uploads and the demo pictures). */
const imageUrl = text(1000).refine((v) => isHttpUrl(v) || /^\/[^\s/][^\s]*$/.test(v), URL_HINT);

/** One per line, blank lines dropped (a list, or text with one item per line). */
const lines = z
  .union([z.array(text(500)), text(10_000, { lines: true })])
  .nullish()
  .transform((v) => (typeof v === 'string' ? v.split(/\r?\n/) : (v ?? [])).map((l) => l.trim()).filter(Boolean));

export const eventDraftSchema = z.object({
  name: requiredText(200, 'Enter the event name.'),
  date: calendarDate('Enter the date as yyyy-mm-dd.', 'Enter a real date as yyyy-mm-dd.'),
  estimated: z.boolean().default(false),
  schedule_start: orNull(
    optionalText(40).refine((v) => v === undefined || isAmPmTime(v), 'Enter the time with am/pm, e.g. 10:00 am.'),
  ),
  location: nullableText(200),
  venue: nullableText(300),
  host_hotel: nullableText(300),
  weigh_ins: lines,
  men_classes: nullableText(300),
  women_classes: nullableText(300),
  masters_classes: nullableText(300),
  kids_classes: nullableText(300),
  notes: nullableText(2000, true),
  about: nullableText(8000, true),
  entry_fees: nullableText(300),
  spectator: nullableText(300),
  cash_prizes: nullableText(300),
  awards: nullableText(300),
  benefiting: nullableText(300),
  contacts: lines,
  link: optionalUrl,
  youtube_url: optionalUrl,
  facebook_url: optionalUrl,
  image_url: imageUrl.nullish().transform((v) => v ?? null),
  /** When given, the event's ordered pictures become exactly these. */
  images: z.array(imageUrl).max(20).optional(),
  image_position: z.enum(IMAGE_POSITIONS).default('center'),
  status: z.enum(EVENT_STATUSES).default('confirmed'),
  pending_details: z.boolean().default(false),
});
export type EventDraft = z.infer<typeof eventDraftSchema>;
export type EventDraftInput = z.input<typeof eventDraftSchema>;

export const eventSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  date: z.string(),
  estimated: z.boolean(),
  schedule_start: z.string().nullable(),
  location: z.string().nullable(),
  venue: z.string().nullable(),
  host_hotel: z.string().nullable(),
  weigh_ins: z.array(z.string()),
  men_classes: z.string().nullable(),
  women_classes: z.string().nullable(),
  masters_classes: z.string().nullable(),
  kids_classes: z.string().nullable(),
  notes: z.string().nullable(),
  about: z.string().nullable(),
  entry_fees: z.string().nullable(),
  spectator: z.string().nullable(),
  cash_prizes: z.string().nullable(),
  awards: z.string().nullable(),
  benefiting: z.string().nullable(),
  contacts: z.array(z.string()),
  link: z.string().nullable(),
  youtube_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  image_url: z.string().nullable(),
  images: z.array(z.string()),
  image_position: z.enum(IMAGE_POSITIONS),
  status: z.enum(EVENT_STATUSES).nullable(),
  pending_details: z.boolean(),
}) satisfies z.ZodType<EventRecord>;

export const eventListSchema = z.object({ events: z.array(eventSchema) });
export type EventList = z.infer<typeof eventListSchema>;

export const eventIdParamsSchema = z.object({ id: idParam('Not an event id.') });
/** /events/{id}/images/{imageId}. */
export const eventImageParamsSchema = eventIdParamsSchema.extend({ imageId: idParam('Not an image id.') });
/** The new order of an event's pictures: their ids, first to last. */
export const imageOrderSchema = z.object({ ids: z.array(z.number().int().positive()).max(50) });

/** An analytics event as sent to POST /api/v1/events/analytics. */
export const analyticsEventSchema = z.object({
  action: z.enum(['open', 'close']),
  event_id: z.number().int().positive().nullish(),
  event_name: text(200).nullish(),
  open_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000)
    .nullish(),
  watch_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000)
    .nullish(),
  session_id: text(100).min(1),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** since_hours clamped to 1..8760, default 168 (anything unreadable is the default). */
export const analyticsSummaryQuerySchema = z.object({
  since_hours: z.string().optional().transform(clampSinceHours),
});

/** The analytics summary as the API answers it. */
export const analyticsSummarySchema = z.object({
  opens: z.number(),
  closes: z.number(),
  unique_ips: z.number(),
  unique_sessions: z.number(),
  avg_open_ms: z.number(),
  avg_watch_ms: z.number(),
  total_watch_ms: z.number(),
  since_hours: z.number(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
