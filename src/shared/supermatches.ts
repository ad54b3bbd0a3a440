import { z } from 'zod';
import { calendarDate, idParam, orNull, optionalText, requiredText, text } from './field-schemas.ts';
import { handSchema } from './rankings.ts';
import { newAthleteSchema } from './supermatch-review.ts';

/**
 * The supermatch cards contract: the cards an admin schedules
 * (/api/v1/admin/supermatches/scheduled), the public list every visitor reads
 * (GET /api/v1/supermatches) and the athlete image settings the cards show
 * (/api/v1/athlete-images). Card fields follow the public card's names.
 */

/** 24-hour wall-clock time as an `<input type="time">` gives it. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A weight in pounds, or a weight class such as '243+'. */
const WEIGHT = /^\d{2,3}(\.\d)?\+?$/;

/** RH, LH, or a card pulled with both hands (one rated result per hand). */
export const cardHandSchema = z.enum(['RH', 'LH', 'both']);
export type CardHand = z.infer<typeof cardHandSchema>;

const athleteName = (which: string) => requiredText(120, `Enter athlete ${which}.`);

/** What an admin sends to create or replace a scheduled card. */
export const scheduledCardSchema = z
  .object({
    a: athleteName('A'),
    b: athleteName('B'),
    date: calendarDate('Enter the date as yyyy-mm-dd.', 'Enter a real date as yyyy-mm-dd.'),
    /** Local time at the venue; null means noon (the timer needs a start). */
    start_time: orNull(optionalText(5).refine((v) => !v || CLOCK.test(v), 'Enter the time as hh:mm (24-hour).')),
    hand: cardHandSchema,
    weight_a: orNull(optionalText(6).refine((v) => !v || WEIGHT.test(v), "Enter pounds or a class like '243+'.")),
    weight_b: orNull(optionalText(6).refine((v) => !v || WEIGHT.test(v), "Enter pounds or a class like '243+'.")),
    location: orNull(optionalText(200)),
    /** The event the card belongs to, when there is one (an id of GET /api/v1/events). */
    event_id: z.number().int().positive().nullable().default(null),
    /** The card's colour when an athlete has no picture: a hue on the colour wheel. */
    hue: z.number().int().min(0).max(359),
    /** Higher first on the page. */
    priority: z.number().int().min(0).max(100).default(0),
    featured: z.boolean().default(false),
    best_of: z
      .number()
      .int()
      .min(1)
      .max(15)
      .refine((n) => n % 2 === 1, 'Best of an odd number.')
      .default(5),
  })
  .refine((c) => c.a.toLowerCase() !== c.b.toLowerCase(), { path: ['b'], message: 'Name two different athletes.' });
export type ScheduledCardInput = z.input<typeof scheduledCardSchema>;
export type ScheduledCard = z.infer<typeof scheduledCardSchema>;

/**
 * Recording the wins of a scheduled card makes them a rated result (per hand on a both-hands card).
 * `athletes` says who a name is that matches no athlete yet (else 422 naming the field), as when approving a result.
 */
export const cardResultSchema = z
  .object({
    hand: handSchema,
    a_wins: z.number().int().min(0).max(15),
    b_wins: z.number().int().min(0).max(15),
    athletes: z.object({ a: newAthleteSchema.optional(), b: newAthleteSchema.optional() }).optional(),
  })
  .refine((r) => r.a_wins !== r.b_wins, { path: ['b_wins'], message: 'A supermatch has a winner.' });
export type CardResultInput = z.infer<typeof cardResultSchema>;

export const cardIdParamsSchema = z.object({ id: idParam('Not a card id.') });
/** Which hand's recorded wins to clear (?hand=RH or LH). */
export const clearResultQuerySchema = z.object({ hand: handSchema });

/** Where the picture sits in its frame: CSS object-position in percent, and a zoom about that point. */
export const cropSchema = z.object({
  scale: z.number().min(0.3, 'Scale is at least 0.3.').max(6, 'Scale is at most 6.'),
  object_position: z.object({
    x: z.number().min(-1000).max(1000),
    y: z.number().min(-1000).max(1000),
  }),
});
export type Crop = z.infer<typeof cropSchema>;

/** The editor's starting points: the left athlete looks in from the left, the right from the right. */
export const DEFAULT_SCALE = 0.9;
export const DEFAULT_CROPS: Record<'left' | 'right', Crop> = {
  left: { scale: DEFAULT_SCALE, object_position: { x: 120, y: 0 } },
  right: { scale: DEFAULT_SCALE, object_position: { x: -60, y: 100 } },
};

export const supermatchListQuerySchema = z.object({
  /** An event's name, matched without regard to case. */
  event: text(200).optional(),
  /** Only the featured upcoming cards (the home screen's rotation). */
  featured: z.enum(['true', 'false']).optional(),
  t: text(40).optional(),
});

const namesList = text(4000)
  .transform((v) =>
    v
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  )
  .refine((names) => names.length >= 1 && names.length <= 100, 'Name 1 to 100 athletes, separated by commas.');

export const athleteImagesQuerySchema = z.object({ names: namesList });

export const imageSideSchema = z.enum(['left', 'right']);
export type ImageSide = z.infer<typeof imageSideSchema>;

/** What the image editor saved: one athlete's picture (url) or crop on one side; the cards update from it. */
export interface ImageChange {
  name: string;
  side: ImageSide;
  url?: string;
  crop?: Crop;
}

/** POST /api/v1/athlete-images/crops: one side's crop per call. */
export const cropsBodySchema = z
  .object({
    name: requiredText(120, 'Enter the athlete.'),
    left_crop: cropSchema.optional(),
    right_crop: cropSchema.optional(),
  })
  .refine((b) => (b.left_crop ? 1 : 0) + (b.right_crop ? 1 : 0) === 1, {
    path: ['left_crop'],
    message: 'Send left_crop or right_crop.',
  });
export type CropsBody = z.infer<typeof cropsBodySchema>;

/** The multipart fields of POST /api/v1/athlete-images/upload besides the file. */
export const uploadFieldsSchema = z.object({ name: requiredText(120, 'Enter the athlete.'), kind: imageSideSchema });
