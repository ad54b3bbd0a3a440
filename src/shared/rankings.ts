import { z } from 'zod';
import { requiredText, text } from './field-schemas.ts';

/**
 * The API contract of the rankings: the leaderboard response
 * and the athlete details. Names are the keys athletes are known by.
 */
export const HANDS = ['LH', 'RH'] as const;
export const handSchema = z.enum(HANDS);
export type Hand = z.infer<typeof handSchema>;

export const sexSchema = z.enum(['M', 'F']);

export { SKILL_DEFAULT, SKILL_MAX, SKILL_MIN } from './skill.ts';

export const medalSchema = z.object({
  tournament: z.string(),
  tournament_short: z.string(),
  date: z.string(),
  place: z.number().int().min(1),
  hand: handSchema,
  division: z.enum(['pro', 'am', 'masters']),
  /** Spelled as the spec has it: F for women, Y for men. */
  sex: z.enum(['F', 'Y']),
  category: z.string(),
  weight_class: z.string(),
  display_text: z.string(),
  icon_url: z.string(),
});
export type Medal = z.infer<typeof medalSchema>;

const perHand = <T extends z.ZodType>(value: T) => z.object({ LH: value, RH: value });
const byName = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

export const leaderboardSchema = z.object({
  sex: sexSchema,
  /** Ordered weight-class labels, lightest first; the last ends with '+'. */
  classes: z.array(z.string()).min(1),
  /**
   * The unit the classes are in (the association's). Absent only in an answer kept on a device from before the
   * association was a setting: those were in lbs.
   */
  units: z.enum(['lbs', 'kg']).optional(),
  /** Everyone ranked, best first, per hand. */
  ranks: perHand(z.array(z.object({ name: z.string() }))),
  /** Change of overall rank since the ranking before the most recent result date (positive: moved up). */
  deltas: perHand(byName(z.number().int())),
  challenge_map: perHand(byName(z.boolean())),
  /** Weight class label per athlete. */
  weights: byName(z.string()),
  /** Current skill per athlete, 0-60. */
  cons_now: perHand(byName(z.number())),
  /** Skill before the most recent result date. */
  cons_asof: z.object({ asof: z.string().nullable(), LH: byName(z.number()), RH: byName(z.number()) }),
  /** Rank within the weight class before the most recent result date. */
  class_asof: perHand(byName(z.number().int())),
  medals_pro: byName(z.array(medalSchema)),
  medals_am: byName(z.array(medalSchema)),
  /** Club per athlete, and who leads one (for the badges). */
  clubs: byName(z.string()),
  club_leaders: z.array(z.string()),
  generated_at: z.string(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const leaderboardQuerySchema = z.object({
  sex: sexSchema,
  /** The app's cache-buster: accepted and ignored. */
  t: text(40).optional(),
});

/**
 * One rated result of an athlete, for the popup's Results: a supermatch
 * (opponent and pins), a bracket placing (bracket and place), or a match of a
 * published tournament category (`match`: opponent, the bracket, one pin). The skills are
 * those the leaderboards show, before and after that day's results on that
 * hand (several results on one day move the skill together).
 */
export const athleteResultSchema = z.object({
  date: z.string(),
  /** The event's name; null for a supermatch pulled outside any event. */
  event: z.string().nullable(),
  hand: handSchema,
  kind: z.enum(['supermatch', 'bracket', 'match']),
  opponent: z.string().nullable(),
  /** e.g. 'Pro 198 lbs'. */
  bracket: z.string().nullable(),
  place: z.number().int().min(1).nullable(),
  pins: z.object({ won: z.number().int(), lost: z.number().int() }).nullable(),
  /** A supermatch won on pins, or first place in a bracket. */
  won: z.boolean(),
  skill_before: z.number(),
  skill_after: z.number(),
});
export type AthleteResult = z.infer<typeof athleteResultSchema>;

const handRanks = z.object({ overall_rank: z.number().int().nullable(), class_rank: z.number().int().nullable() });

export const athleteDetailsSchema = z.object({
  name: z.string(),
  sex: sexSchema,
  club: z.string().nullable(),
  club_leader: z.boolean(),
  badges: z.object({ tournament_medals: z.array(medalSchema), amateur_medals: z.array(medalSchema) }),
  current_skill: perHand(z.number()),
  /**
   * Five years as a step series: `days[i]` is a date either hand's skill changed and `LH[i]`, `RH[i]` the
   * skills from that day on (null: that hand not rated yet).
   */
  skill_history: z.object({
    days: z.array(z.string()),
    LH: z.array(z.number().nullable()),
    RH: z.array(z.number().nullable()),
  }),
  last_tournament_date: z.string().nullable(),
  ranks: perHand(handRanks),
  weight_class: z.string(),
  /** Every rated result, newest first. */
  results: z.array(athleteResultSchema),
});
export type AthleteDetails = z.infer<typeof athleteDetailsSchema>;

export const athleteQuerySchema = z.object({
  name: requiredText(120, 'Enter a name.'),
  sex: sexSchema.optional(),
  t: text(40).optional(),
});
