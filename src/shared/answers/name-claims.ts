import { z } from 'zod';
import { accountClaimSchema } from '../name-claims.ts';
import { statusChangedErrorSchema } from './errors.ts';

/** The admin's answers about name claims (../name-claims.ts has the inputs and the claim itself). */

/** GET /api/v1/admin/name-submissions answers `{ name_submissions }`, the status change `{ name_submission }`. */
export const accountClaimListSchema = z.object({ name_submissions: z.array(accountClaimSchema) });
export type AccountClaimList = z.infer<typeof accountClaimListSchema>;

export const accountClaimAnswerSchema = z.object({ name_submission: accountClaimSchema });
export type AccountClaimAnswer = z.infer<typeof accountClaimAnswerSchema>;

/** The body of a 409 when the claim changed since the admin looked: its current state. */
export const claimConflictSchema = z.object({ error: statusChangedErrorSchema, name_submission: accountClaimSchema });
export type ClaimConflict = z.infer<typeof claimConflictSchema>;
