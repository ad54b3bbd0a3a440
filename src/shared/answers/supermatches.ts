import { z } from 'zod';
import { handSchema } from '../rankings.ts';
import { cardHandSchema, cropSchema } from '../supermatches.ts';
import { ratingEffectsSchema } from './review.ts';

/**
 * The answers about supermatch cards (../supermatches.ts has the inputs): the
 * public list, the admin's scheduled cards, and the athletes' pictures.
 */

/** A public card: upcoming while either win count is null, past once both are there. */
export const supermatchCardSchema = z
  .object({
    /** 'c{n}' for a scheduled card, 'r{n}' for a rated result that never had one. The page's anchor and ?match=. */
    id: z.string(),
    a: z.string(),
    b: z.string(),
    date: z.string(),
    /** 'HH:MM', local at the venue. */
    startTime: z.string(),
    hand: cardHandSchema,
    weightA: z.string().nullable(),
    weightB: z.string().nullable(),
    location: z.string().nullable(),
    eventId: z.number().int().nullable(),
    eventName: z.string().nullable(),
    hue: z.number().int(),
    priority: z.number().int(),
    featured: z.boolean(),
    bestOf: z.number().int(),
    /** Picture URLs from the athlete image settings (A on the left, B on the right); null draws initials. */
    leftImage: z.string().nullable(),
    rightImage: z.string().nullable(),
    leftCrop: cropSchema,
    rightCrop: cropSchema,
    aWins: z.number().int().nullable(),
    bWins: z.number().int().nullable(),
  })
  .meta({ id: 'SupermatchCard' });
export type SupermatchCard = z.infer<typeof supermatchCardSchema>;

export const supermatchListSchema = z.object({ cards: z.array(supermatchCardSchema) });
export type SupermatchList = z.infer<typeof supermatchListSchema>;

/** One hand's rated result of a card; `submission_id` when an approved submission completed it. */
export const cardHandResultSchema = z.object({
  hand: handSchema,
  a_wins: z.number().int(),
  b_wins: z.number().int(),
  submission_id: z.number().int().nullable(),
});
export type CardHandResult = z.infer<typeof cardHandResultSchema>;

/** A scheduled card as the admin API answers it: what was sent (as stored), plus its id and results so far. */
export const scheduledCardItemSchema = z
  .object({
    id: z.number().int(),
    /** The public card's id ('c{id}'). */
    card_id: z.string(),
    a: z.string(),
    b: z.string(),
    date: z.string(),
    start_time: z.string().nullable(),
    hand: cardHandSchema,
    weight_a: z.string().nullable(),
    weight_b: z.string().nullable(),
    location: z.string().nullable(),
    event_id: z.number().int().nullable(),
    hue: z.number().int(),
    priority: z.number().int(),
    featured: z.boolean(),
    best_of: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    results: z.array(cardHandResultSchema),
  })
  .meta({ id: 'ScheduledCard' });
export type ScheduledCardItem = z.infer<typeof scheduledCardItemSchema>;

/** GET /api/v1/admin/supermatches/scheduled: every scheduled card, newest date first. */
export const scheduledCardListSchema = z.object({ cards: z.array(scheduledCardItemSchema) });
export type ScheduledCardList = z.infer<typeof scheduledCardListSchema>;

/** POST .../scheduled/{id}/result: the card now, and what recording did to the two skills (null: nothing changed). */
export const cardResultAnswerSchema = z.object({
  card: scheduledCardItemSchema,
  rating_effects: ratingEffectsSchema.nullable(),
});
export type CardResultAnswer = z.infer<typeof cardResultAnswerSchema>;

/** The athlete image settings, by athlete name (admins and developers read them whole). */
export const athleteImageConfigSchema = z.object({
  left_url: z.string().nullable(),
  right_url: z.string().nullable(),
  left_crop: cropSchema,
  right_crop: cropSchema,
});
export type AthleteImageConfig = z.infer<typeof athleteImageConfigSchema>;

const byName = <S extends z.ZodType>(value: S) => z.record(z.string(), value);

/** GET /api/v1/athlete-images/public answers only a headshot per name (null: none). */
export const publicAthleteImagesSchema = z.object({
  athlete_image_configs: byName(z.object({ headshot_url: z.string().nullable() })),
});
export type PublicAthleteImages = z.infer<typeof publicAthleteImagesSchema>;

export const athleteImagesSchema = z.object({ athlete_image_configs: byName(athleteImageConfigSchema) });
export type AthleteImages = z.infer<typeof athleteImagesSchema>;

/** POST /api/v1/athlete-images/upload answers where the picture is now, and the athlete's settings. */
export const athleteImageUploadAnswerSchema = athleteImagesSchema.extend({ url: z.string() });
export type AthleteImageUploadAnswer = z.infer<typeof athleteImageUploadAnswerSchema>;
