import { z } from 'zod';

/** The one error shape every `/api` failure answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * What a client needs of an error answer: its message. The rest may be missing
 * (a proxy's answer, an older server) without losing the message.
 */
export const apiErrorMessageSchema = z.object({ error: apiErrorSchema.shape.error.pick({ message: true }) });
