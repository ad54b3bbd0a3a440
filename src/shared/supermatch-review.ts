import { z } from 'zod';
import { formNumber, idParam, optionalText } from './field-schemas.ts';
import { CLAIM_STATUSES, type ClaimStatus } from './name-claims.ts';
import { sexSchema } from './rankings.ts';

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

/** A name that is not an athlete yet: who the new athlete is; the weight in the association's unit. */
export const newAthleteSchema = z.object({
  sex: sexSchema,
  weight: formNumber(
    z.number('A weight above 0.').positive('A weight above 0.').max(1000, 'A weight of at most 1000.'),
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

export const reviewListQuerySchema = z.object({ status: z.enum(REVIEW_STATUSES).optional() });
export const reviewIdParamsSchema = z.object({ id: idParam() });
