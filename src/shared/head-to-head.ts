import { z } from 'zod';
import { formNumber, requiredText } from './field-schemas.ts';
import { handSchema, type Hand } from './rankings.ts';

/** GET /api/v1/head-to-head?a=&b=&hand=[&best_of=]: two athletes on one hand. */
export const headToHeadQuerySchema = z
  .object({
    a: requiredText(120, 'Enter a name.'),
    b: requiredText(120, 'Enter a name.'),
    hand: handSchema,
    best_of: formNumber(z.number().int().min(1).max(15)).default(5),
  })
  .refine((q) => q.a.toLowerCase() !== q.b.toLowerCase(), { path: ['b'], message: 'Name two different athletes.' });

/** One time the two met: a supermatch (pins) or the same bracket (places). From A's side. */
export interface Meeting {
  date: string;
  kind: 'supermatch' | 'bracket';
  /** The event's name, when the result belongs to one. */
  event: string | null;
  a_pins: number | null;
  b_pins: number | null;
  a_place: number | null;
  b_place: number | null;
  /** null: a shared place in a bracket. */
  winner: 'A' | 'B' | null;
}

export interface HeadToHeadSide {
  name: string;
  /** The skill the leaderboards show on this hand; null when not rated on it. */
  skill: number | null;
  /** The last five results on this hand, newest first: a supermatch won, or a bracket won (first place), is W. */
  form: ('W' | 'L')[];
}

export interface HeadToHead {
  hand: Hand;
  a: HeadToHeadSide;
  b: HeadToHeadSide;
  /** Newest first. */
  meetings: Meeting[];
  record: { a: number; b: number };
  /** The model's chance that A wins one pin, and the best-of-N match (see docs/rating-model.md, Head-to-head and win chances). */
  chance: { pin: number; match: number; best_of: number };
}
