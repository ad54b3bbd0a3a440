import { z } from 'zod';
import { CONTROL_MESSAGE, isCleanText } from './field-rules.ts';
import { httpUrl, idParam, optionalText } from './field-schemas.ts';

/**
 * Name verification: a signed-in athlete claims the name shown on the
 * leaderboards; an admin approves or denies the claim. The server keeps
 * approved/denied, the athlete's side reads them as verified/rejected.
 */

/** The longest name a claim may ask for (the forms' name fields take 120 too). */
export const NAME_MAX = 120;

/** Trimmed, inner runs of spaces as one: the spelling a claim is stored and compared with. */
export function normaliseName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

export const requestedNameSchema = z
  .string()
  .transform(normaliseName)
  .pipe(
    z
      .string()
      .min(1, 'Enter your name first.')
      .max(NAME_MAX, `At most ${NAME_MAX} characters.`)
      .refine((s) => isCleanText(s), CONTROL_MESSAGE),
  );

/** POST /api/v1/name-submissions. Evidence is optional: the account page sends the name alone. */
export const nameSubmissionRequestSchema = z.object({
  requested_name: requestedNameSchema,
  evidence_summary: optionalText(1000, { lines: true }),
  evidence_links: z.array(httpUrl(500)).max(5, 'At most 5 links.').optional(),
});
export type NameSubmissionRequest = z.input<typeof nameSubmissionRequestSchema>;

export const NAME_STATUSES = ['never_submitted', 'pending', 'verified', 'rejected'] as const;
export type NameStatusValue = (typeof NAME_STATUSES)[number];

/** GET /api/v1/me/name-status, and the answer to a successful submission. */
export const nameStatusSchema = z.object({
  status: z.enum(NAME_STATUSES),
  athlete_name: z.string().nullable(),
  pending_requested_name: z.string().nullable(),
});
export type NameStatus = z.infer<typeof nameStatusSchema>;

/** GET /api/v1/me/profile. */
export const meProfileSchema = z.object({
  name_locked: z.boolean(),
  athlete_name: z.string().nullable(),
  pending_requested_name: z.string().nullable(),
});
export type MeProfileResponse = z.infer<typeof meProfileSchema>;

/** The server's and the admin screen's values: pending, approved, denied. */
export const CLAIM_STATUSES = ['pending', 'approved', 'denied'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * POST /api/v1/admin/name-submissions/{id}/status. `expected_status` is the
 * status the admin saw: when the claim has changed since, 409 with its current state.
 */
export const claimDecisionSchema = z.object({
  status: z.enum(['approved', 'denied']),
  expected_status: z.enum(CLAIM_STATUSES).optional(),
});
export type ClaimDecision = z.infer<typeof claimDecisionSchema>;

export const claimListQuerySchema = z.object({ status: z.enum(CLAIM_STATUSES).optional() });
export const claimIdParamsSchema = z.object({ id: idParam() });

/** A claim as the admin screen sees it. */
export const accountClaimSchema = z.object({
  id: z.number().int(),
  athleteName: z.string(),
  athleteId: z.number().int().nullable(),
  claimerName: z.string().nullable(),
  claimerEmail: z.string().nullable(),
  submittedAt: z.string(),
  ip: z.string().nullable(),
  evidenceSummary: z.string().nullable(),
  evidenceLinks: z.array(z.string()),
  status: z.enum(CLAIM_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Every decision on it, oldest first (the append-only log). */
  decisions: z.array(
    z.object({
      from: z.enum(CLAIM_STATUSES),
      to: z.enum(CLAIM_STATUSES),
      decided_by: z.string(),
      decided_at: z.string(),
    }),
  ),
});
export type AccountClaim = z.infer<typeof accountClaimSchema>;
