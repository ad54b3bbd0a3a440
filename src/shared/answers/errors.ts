import { z } from 'zod';

/**
 * The one error shape every `/api` failure answers with (the app reads it
 * with `apiErrorOf` in ../api-error.ts, which is free of zod), and the 409s
 * that add the thing as it is now beside the error.
 */
const errorDetailSchema = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
  /** Per field (a dotted path, or a header's name), what is wrong with it. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** Set on an unexpected failure: the id the server logged it with. */
  request_id: z.string().optional(),
});

export const errorSchema = z.object({ error: errorDetailSchema }).meta({
  id: 'Error',
  description: 'A failure: a stable code, a message to show, and per field what is wrong (400).',
});
export type ApiError = z.infer<typeof errorSchema>;

/** The error part of a 409 `status_changed`, whose body also carries the thing as another admin left it. */
export const statusChangedErrorSchema = z.object({ code: z.literal('status_changed'), message: z.string().min(1) });
