import { z } from 'zod';
import { formNumber, idParam, optionalText, orNull, requiredText } from '../field-schemas.ts';
import { DIVISION_CODE, UNITS, WEIGHT_CLASS } from '../association.ts';
import { matchSchema } from './match.ts';
import { CATEGORY_STATUSES } from './status.ts';

/**
 * One category on the wire (sex × hand × weight class × division): creating it, entering and weighing in its
 * athletes, the draw, its table, and the category as reads and result answers show it (entries, drawn slots, byes,
 * matches, placings).
 *
 * Paths (admins and developers): POST /admin/tournaments/{id}/categories, POST /admin/tournaments/{id}/entries,
 * PUT|DELETE /admin/tournaments/{id}/entries/{entryId} (weigh-in; removal before the draw),
 * POST /admin/tournaments/{id}/categories/{categoryId}/draw, POST|DELETE
 * /admin/tournaments/{id}/categories/{categoryId}/publish, PUT /admin/tournaments/{id}/categories/{categoryId}
 * (its table).
 */

const SEX = z.enum(['M', 'F']);
const HAND = z.enum(['RH', 'LH']);

export const categoryParamsSchema = z.object({ id: idParam(), categoryId: idParam() });
export const entryParamsSchema = z.object({ id: idParam(), entryId: idParam() });

/**
 * A category: sex × hand × weight class × division, written as the association writes them. Which classes and
 * divisions there are is the association's profile, which the server checks (400 naming `weight_class` or
 * `division`): the class one of the sex's classes in that division, the division one the profile lists.
 */
export const categoryCreateSchema = z.object({
  sex: SEX,
  hand: HAND,
  weight_class: z.string().trim().regex(WEIGHT_CLASS, 'Choose the weight class.'),
  division: z.string().trim().regex(DIVISION_CODE, 'Choose the division.'),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/**
 * A weight in the category's unit, as entered (one decimal place is common at a weigh-in). The message names no
 * unit: the weigh-in's own check (checkWeighIn) asks for it in the category's unit.
 */
const weight = formNumber(z.number().positive('Enter the weight.').max(1000, 'Enter the weight.'));

/** An athlete entered in a category (matched by name in any case); a name not yet in the roster needs `sex`. */
export const entryCreateSchema = z.object({
  category_id: formNumber(z.number().int().min(1, 'Choose the category.')),
  name: requiredText(120, 'Enter the athlete’s name.'),
  sex: SEX.optional(),
  club: orNull(optionalText(120)).optional(),
  weight: weight.optional(),
});
export type EntryCreate = z.infer<typeof entryCreateSchema>;

/** A weigh-in: the weight recorded (over the class limit: 400 naming `weight`, 'Over the limit: …'). */
export const weighInSchema = z.object({ weight });

export const drawSchema = z.object({
  method: z.enum(['lot', 'rating']).optional(),
  /** Repeats a lot draw exactly; a lot draw without one picks one and shows it. */
  seed: formNumber(
    z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1),
  ).optional(),
});

/** The table a category is pulled at (null: none yet). */
export const categoryTableSchema = z.object({ table: z.number().int().min(1).max(99).nullable() });

export const entrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  club: z.string().nullable(),
  /** In the category's unit; null until weighed in (an entry without a weight is not drawn). */
  weight: z.number().nullable(),
});

export const placingSchema = z.object({
  place: z.number().int(),
  /** The last place shared (5 for a lone 5th, 6 for '5th–6th'). */
  last: z.number().int(),
  name: z.string(),
  entry_id: z.number().int(),
  club: z.string().nullable(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: SEX,
  hand: HAND,
  weight_class: z.string(),
  division: z.string(),
  /** The unit its class and its entries' weights are in: the association's when it was created. */
  units: z.enum(UNITS as ['lbs', 'kg']),
  status: z.enum(CATEGORY_STATUSES),
  /**
   * True for a category drawn (and not yet published) before the association changed its classes or its unit: its
   * bracket was made for the class it has, so it keeps that class (in the unit it was made in) while the open
   * categories follow. A published one is the record of its day and needs no note.
   */
  kept_class: z.boolean().default(false),
  method: z.enum(['lot', 'rating']).nullable(),
  /** The lot's seed (null before the draw): the same seed and entries give the same draw. */
  seed: z.number().int().nullable(),
  table: z.number().int().nullable(),
  entries: z.array(entrySchema),
  /** The drawn bracket: the entry in each slot, null for a bye (empty before the draw). */
  slots: z.array(z.number().int().nullable()),
  /** Winners' round 1 byes: the athlete who goes through without a match. */
  byes: z.array(z.object({ code: z.string(), name: z.string(), entry_id: z.number().int() })),
  matches: z.array(matchSchema),
  /**
   * The super final's match id (null: the category has none, or is not drawn). It is listed among `matches` only
   * once the losers' bracket champion has won the final; a table device that records that final offline needs its
   * id to record the super final too.
   */
  super_final_id: z.number().int().nullable(),
  placings: z.array(placingSchema),
});

export type TournamentCategory = z.infer<typeof categorySchema>;
export type TournamentEntry = z.infer<typeof entrySchema>;
export type Placing = z.infer<typeof placingSchema>;
