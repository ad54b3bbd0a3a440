import { z } from 'zod';
import { isCalendarDate, localToday } from './field-rules.ts';
import { digitsNumber, formNumber, optionalHttpUrl, optionalText, requiredText, text } from './field-schemas.ts';
import { handSchema } from './rankings.ts';

/**
 * The anonymous submissions' payloads and rules, parsed in the forms and
 * again on the server. The submitter's IP is never part of a payload: the
 * server takes it from the request.
 */

export { SUBMISSION_KINDS, SUBMISSION_PATHS, type SubmissionKind } from './submission-kinds.ts';
export type { SubmissionReceipt } from './answers/submissions.ts';
export { localToday };

export const SCORE_MESSAGE = 'Enter number-number eg. 3-2';
export const ANONYMOUS = 'Anonymous';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day after `today`: the server allows a day of slack, since the submitter's 'today' may be ahead of ours. */
function dayAfter(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const submitter = optionalText(120).transform((v) => v ?? ANONYMOUS);

/** A weight in the association's unit (stored with it): digits only (so min 0), at most 4 of them. */
export const WEIGHT_MAX_DIGITS = 4;
const weight = digitsNumber(WEIGHT_MAX_DIGITS);

const pastDate = (slack: boolean, today: () => string) =>
  z
    .string()
    .trim()
    .regex(ISO_DATE, 'Pick a date.')
    .refine(isCalendarDate, 'Pick a real date.')
    .refine((d) => d <= (slack ? dayAfter(today()) : today()), 'The date cannot be in the future.');

/** `n-n` with unequal numbers; returns [high, low] or null. */
export function parseScore(score: string): [number, number] | null {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(score.trim());
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  if (a === b) return null;
  return a > b ? [a, b] : [b, a];
}

/** What the score input keeps as someone types: digits and one dash, no leading zeros. */
export function cleanScoreInput(raw: string): string {
  const [left = '', ...rest] = raw.split('-');
  const digits = (s: string) =>
    s
      .replace(/\D/g, '')
      .replace(/^0+(?=\d)/, '')
      .slice(0, 2);
  return rest.length ? `${digits(left)}-${digits(rest.join(''))}` : digits(left);
}

export function supermatchSubmissionSchema(opts: { today?: () => string; server?: boolean } = {}) {
  const today = opts.today ?? (() => localToday());
  return z
    .object({
      a: requiredText(120, 'Choose competitor A.'),
      b: requiredText(120, 'Choose competitor B.'),
      hand: handSchema,
      winner: z.enum(['A', 'B']),
      score: text(20)
        .optional()
        .refine((s) => !s || parseScore(s) !== null, SCORE_MESSAGE)
        .transform((s) => (s ? s : undefined)),
      best_of: formNumber(z.number().int().min(1).max(15)).optional(),
      // Not required: the server records a result sent without one on the day it arrives.
      date: pastDate(!!opts.server, today).optional(),
      location: optionalText(200),
      weight_a: weight,
      weight_b: weight,
      head_ref: optionalText(120),
      down_ref: optionalText(120),
      notes: optionalText(2000, { lines: true }),
      submitter,
      source: z.literal('web').default('web'),
    })
    .refine((v) => v.a.toLowerCase() !== v.b.toLowerCase(), {
      path: ['b'],
      message: 'Competitor B must be someone other than A.',
    });
}
export type SupermatchSubmission = z.infer<ReturnType<typeof supermatchSubmissionSchema>>;
export type SupermatchSubmissionInput = z.input<ReturnType<typeof supermatchSubmissionSchema>>;

/** The result in one line, '{winner} beat {loser} {high}-{low}' (3-0 when no score was given). */
export function supermatchSummary(v: {
  a: string;
  b: string;
  winner: 'A' | 'B' | '';
  score?: string | undefined;
}): string {
  if (!v.a.trim() || !v.b.trim() || !v.winner) return '';
  const [winner, loser] = v.winner === 'A' ? [v.a.trim(), v.b.trim()] : [v.b.trim(), v.a.trim()];
  const [high, low] = (v.score && parseScore(v.score)) || [3, 0];
  return `${winner} beat ${loser} ${high}-${low}`;
}

export const feedbackSchema = z.object({
  text: requiredText(4000, 'Write your feedback first.', { lines: true }),
  name: submitter,
});
export type Feedback = z.infer<typeof feedbackSchema>;

export function eventSubmissionSchema(opts: { today?: () => string; server?: boolean } = {}) {
  const today = opts.today ?? (() => localToday());
  return z.object({
    name: requiredText(200, 'Enter the event name.'),
    location: requiredText(200, 'Enter the location.'),
    date: pastDate(!!opts.server, today),
    details: optionalText(4000, { lines: true }),
    link: optionalHttpUrl(500),
    submitter,
  });
}
export type EventSubmission = z.infer<ReturnType<typeof eventSubmissionSchema>>;

const count = formNumber(
  z.number('Whole numbers only.').int('Whole numbers only.').min(0, 'Must be 0 or more.'),
).optional();

export const clubSubmissionSchema = z.object({
  name: requiredText(200, 'Enter the club name.'),
  city: requiredText(120, 'Enter the city.'),
  region: requiredText(120, 'Enter the region.'),
  leaders: optionalText(500),
  // Several lines: the club's training times, one per line, as the club editor keeps them.
  training: optionalText(1000, { lines: true }),
  founded: formNumber(
    z.number('Whole numbers only.').int('Whole numbers only.').min(1900, 'From 1900.').max(2100, 'Up to 2100.'),
  ).optional(),
  out_of_state: z.boolean().optional(),
  members_count: count,
  avg_practice_size: count,
  image_url: optionalHttpUrl(500),
  website: optionalHttpUrl(500),
  desc: optionalText(2000, { lines: true }),
  notes: optionalText(2000, { lines: true }),
  submitter,
});
export type ClubSubmission = z.infer<typeof clubSubmissionSchema>;
