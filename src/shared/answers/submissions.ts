import { z } from 'zod';
import { SUBMISSION_KINDS } from '../submission-kinds.ts';

/** The server's answer to an accepted anonymous submission (kept as the Idempotency-Key's answer too). */
export const submissionReceiptSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(SUBMISSION_KINDS),
  /** Feedback is received; a result, an event or a club waits for an admin. */
  status: z.enum(['pending', 'received']),
  created_at: z.string(),
});
export type SubmissionReceipt = z.infer<typeof submissionReceiptSchema>;
