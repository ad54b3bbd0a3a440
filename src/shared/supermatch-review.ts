import { z } from 'zod';
import { formNumber, idParam, optionalText } from './field-schemas.ts';
import { CLAIM_STATUSES, type ClaimStatus } from './name-claims.ts';
import { sexSchema, type Hand } from './rankings.ts';

/**
 * The admin's review of submitted supermatch results: the queue, a decision
 * (which rates the result, or takes it out of the ratings again), what the
 * decision did to the two athletes' skills, and the append-only decision log.
 */

export const REVIEW_STATUSES = CLAIM_STATUSES;
export type ReviewStatus = ClaimStatus;

/**
 * Who sent a submission, as the admin's list shows it: an admin or developer
 * account; an account whose results were denied more often than approved
 * (flagged); one with more approved than denied (trusted); any other
 * signed-in account; nobody signed in.
 */
export const TRUST_STATES = ['admin', 'flagged', 'trusted', 'logged_in', 'anonymous'] as const;
export type TrustState = (typeof TRUST_STATES)[number];
export const TRUST_LABELS: Record<TrustState, string> = {
  admin: 'Admin',
  flagged: 'Flagged',
  trusted: 'Trusted',
  logged_in: 'Logged in',
  anonymous: 'Anonymous',
};

/** One athlete's skill (as the leaderboards show it) before and after a decision; null: not rated on that hand. */
export interface SkillChange {
  name: string;
  before: number | null;
  after: number | null;
  delta: number;
}

/** What a decision did to the ratings. `applied` is false when nothing moved (then `error` may say why). */
export interface RatingEffects {
  applied: boolean;
  hand: Hand;
  a: SkillChange;
  b: SkillChange;
  error: string | null;
}

/** One row of the append-only decision log. */
export interface Decision {
  from: ReviewStatus;
  to: ReviewStatus;
  decided_by: string;
  decided_at: string;
  rating_effects: RatingEffects | null;
}

/** A submitted result as GET /api/v1/admin/supermatches lists it (newest first). */
export interface SupermatchReviewItem {
  id: number;
  date: string;
  a_name: string;
  b_name: string;
  /** The rated wins: from the score, or 3-0 to the winner when none was given. */
  a_wins: number;
  b_wins: number;
  best_of: number;
  winner: 'A' | 'B';
  /** As submitted; null when none was given. */
  score: string | null;
  hand: Hand;
  weight_a: number | null;
  weight_b: number | null;
  location: string | null;
  notes: string | null;
  head_ref: string | null;
  down_ref: string | null;
  /** As typed in the form (Anonymous when left blank). */
  submitter: string;
  submitter_ip: string;
  submitter_trust: TrustState;
  created_at: string;
  status: ReviewStatus;
  decided_by: string | null;
  decided_at: string | null;
  /** The latest decision's effects. */
  rating_effects: RatingEffects | null;
  /** Each name's athlete, or null when the name is new: approving then needs the new athlete's sex. */
  a_athlete_id: number | null;
  b_athlete_id: number | null;
  /** Every decision on it, oldest first. */
  decisions: Decision[];
}

export interface SupermatchReviewList {
  supermatches: SupermatchReviewItem[];
}

/** A name that is not an athlete yet: who the new athlete is. */
export const newAthleteSchema = z.object({
  sex: sexSchema,
  weight_lbs: formNumber(
    z.number('A weight above 0.').positive('A weight above 0.').max(1000, 'At most 1000 lbs.'),
  ).optional(),
  club: optionalText(120),
});
export type NewAthlete = z.infer<typeof newAthleteSchema>;

/**
 * POST /api/v1/admin/supermatches/{id}/status. `expected_status` is the
 * status the admin saw: when the submission has changed since, the answer is
 * 409 with its current state. `athletes` describes names that match no
 * athlete (required for those when approving, else 422 naming the field).
 */
export const supermatchDecisionSchema = z.object({
  status: z.enum(['approved', 'denied']),
  expected_status: z.enum(REVIEW_STATUSES).optional(),
  athletes: z.object({ a: newAthleteSchema.optional(), b: newAthleteSchema.optional() }).optional(),
});
export type SupermatchDecision = z.input<typeof supermatchDecisionSchema>;

/** The answer to a decision: the submission as it is now, and what this decision did. */
export interface SupermatchDecisionAnswer {
  supermatch: SupermatchReviewItem;
  rating_effects: RatingEffects | null;
}

/** The body of a 409: the submission as another admin left it. */
export interface DecisionConflict {
  error: { code: 'status_changed'; message: string };
  supermatch: SupermatchReviewItem;
}

export const reviewListQuerySchema = z.object({ status: z.enum(REVIEW_STATUSES).optional() });
export const reviewIdParamsSchema = z.object({ id: idParam() });
