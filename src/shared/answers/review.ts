import { z } from 'zod';
import { CLAIM_STATUSES } from '../name-claims.ts';
import { handSchema } from '../rankings.ts';
import { TRUST_STATES } from '../supermatch-review.ts';
import { statusChangedErrorSchema } from './errors.ts';

/** The answers of the admin's review of submitted supermatch results (../supermatch-review.ts has the inputs). */

const reviewStatusSchema = z.enum(CLAIM_STATUSES);

/** One athlete's skill (as the leaderboards show it) before and after a decision; null: not rated on that hand. */
export const skillChangeSchema = z.object({
  name: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  delta: z.number(),
});
export type SkillChange = z.infer<typeof skillChangeSchema>;

/** What a decision did to the ratings. `applied` is false when nothing moved (then `error` may say why). */
export const ratingEffectsSchema = z
  .object({
    applied: z.boolean(),
    hand: handSchema,
    a: skillChangeSchema,
    b: skillChangeSchema,
    error: z.string().nullable(),
  })
  .meta({ id: 'RatingEffects' });
export type RatingEffects = z.infer<typeof ratingEffectsSchema>;

/** One row of the append-only decision log. */
export const decisionSchema = z.object({
  from: reviewStatusSchema,
  to: reviewStatusSchema,
  decided_by: z.string(),
  decided_at: z.string(),
  rating_effects: ratingEffectsSchema.nullable(),
});
export type Decision = z.infer<typeof decisionSchema>;

/** A submitted result as GET /api/v1/admin/supermatches lists it (newest first). */
export const supermatchReviewItemSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    a_name: z.string(),
    b_name: z.string(),
    /** The rated wins: from the score, or 3-0 to the winner when none was given. */
    a_wins: z.number().int(),
    b_wins: z.number().int(),
    best_of: z.number().int(),
    winner: z.enum(['A', 'B']),
    /** As submitted; null when none was given. */
    score: z.string().nullable(),
    hand: handSchema,
    weight_a: z.number().nullable(),
    weight_b: z.number().nullable(),
    location: z.string().nullable(),
    notes: z.string().nullable(),
    head_ref: z.string().nullable(),
    down_ref: z.string().nullable(),
    /** As typed in the form (Anonymous when left blank). */
    submitter: z.string(),
    submitter_ip: z.string(),
    submitter_trust: z.enum(TRUST_STATES),
    created_at: z.string(),
    status: reviewStatusSchema,
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    /** The latest decision's effects. */
    rating_effects: ratingEffectsSchema.nullable(),
    /** Each name's athlete, or null when the name is new: approving then needs the new athlete's sex. */
    a_athlete_id: z.number().int().nullable(),
    b_athlete_id: z.number().int().nullable(),
    /** Every decision on it, oldest first. */
    decisions: z.array(decisionSchema),
  })
  .meta({ id: 'SupermatchReviewItem' });
export type SupermatchReviewItem = z.infer<typeof supermatchReviewItemSchema>;

export const supermatchReviewListSchema = z.object({ supermatches: z.array(supermatchReviewItemSchema) });
export type SupermatchReviewList = z.infer<typeof supermatchReviewListSchema>;

/** The answer to a decision: the submission as it is now, and what this decision did. */
export const supermatchDecisionAnswerSchema = z.object({
  supermatch: supermatchReviewItemSchema,
  rating_effects: ratingEffectsSchema.nullable(),
});
export type SupermatchDecisionAnswer = z.infer<typeof supermatchDecisionAnswerSchema>;

/** The body of a 409: the submission as another admin left it. */
export const decisionConflictSchema = z.object({
  error: statusChangedErrorSchema,
  supermatch: supermatchReviewItemSchema,
});
export type DecisionConflict = z.infer<typeof decisionConflictSchema>;
