import { z } from 'zod';
import { handSchema } from '../rankings.ts';

/** GET /api/v1/head-to-head's answer (../head-to-head.ts has the query): two athletes on one hand. */

/** One time the two met: a supermatch (pins) or the same bracket (places). From A's side. */
export const meetingSchema = z.object({
  date: z.string(),
  kind: z.enum(['supermatch', 'bracket']),
  /** The event's name, when the result belongs to one. */
  event: z.string().nullable(),
  a_pins: z.number().int().nullable(),
  b_pins: z.number().int().nullable(),
  a_place: z.number().int().nullable(),
  b_place: z.number().int().nullable(),
  /** null: a shared place in a bracket. */
  winner: z.enum(['A', 'B']).nullable(),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const headToHeadSideSchema = z.object({
  name: z.string(),
  /** The skill the leaderboards show on this hand; null when not rated on it. */
  skill: z.number().nullable(),
  /** The last five results on this hand, newest first: a supermatch won, or a bracket won (first place), is W. */
  form: z.array(z.enum(['W', 'L'])).max(5),
});
export type HeadToHeadSide = z.infer<typeof headToHeadSideSchema>;

export const headToHeadSchema = z.object({
  hand: handSchema,
  a: headToHeadSideSchema,
  b: headToHeadSideSchema,
  /** Newest first. */
  meetings: z.array(meetingSchema),
  record: z.object({ a: z.number().int().min(0), b: z.number().int().min(0) }),
  /** The model's chance that A wins one pin, and the best-of-N match (docs/rating-model.md, Head-to-head and win chances). */
  chance: z.object({ pin: z.number().min(0).max(1), match: z.number().min(0).max(1), best_of: z.number().int() }),
});
export type HeadToHead = z.infer<typeof headToHeadSchema>;
