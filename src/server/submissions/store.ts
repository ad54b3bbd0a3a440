import type { z } from 'zod';
import {
  clubSubmissionSchema,
  eventSubmissionSchema,
  feedbackSchema,
  supermatchSubmissionSchema,
  type SubmissionKind,
  type SubmissionReceipt,
  type SupermatchSubmission,
} from '../../shared/submissions.ts';
import { localToday } from '../../shared/field-rules.ts';
import type { Units } from '../../shared/association.ts';
import { readAssociation } from '../association/store.ts';
import { insertRow, type Db } from '../db/connection.ts';
import {
  clubMessage,
  eventMessage,
  feedbackMessage,
  fromAssociation,
  supermatchMessage,
  type SubmitterMeta,
  type WebhookMessage,
} from '../jobs/webhook-messages.ts';
import { enqueueWebhook } from '../jobs/webhook.ts';

/**
 * The anonymous submissions: supermatch results, feedback, events and clubs.
 * Each kind has the schema its body is parsed with, its row and its chat
 * message. Supermatch, event and club submissions wait for an admin's review.
 */

export interface Submitter extends SubmitterMeta {
  sub: string | null;
}

export interface SubmissionType<S extends z.ZodType = z.ZodType> {
  kind: SubmissionKind;
  schema: S;
  // Methods, not function properties: a list of types with different schemas is then one array type.
  store(db: Db, input: z.infer<S>, who: Submitter): number;
  /** The chat notice; `units` is the association's, the one a typed weight is in. */
  message(input: z.infer<S>, who: Submitter, units: Units): WebhookMessage;
}
const type = <S extends z.ZodType>(t: SubmissionType<S>) => t;

const submitterColumns = (who: Submitter) => ({
  submitter_ip: who.ip,
  submitter_sub: who.sub,
  submitter_email: who.email,
  created_at: who.createdAt,
});

/** A result sent without a date is recorded on the server's date of the day it arrived. */
const dated = (s: SupermatchSubmission, who: Submitter) => ({
  ...s,
  date: s.date ?? localToday(new Date(who.createdAt)),
});

const SUPERMATCH = type({
  kind: 'supermatch',
  schema: supermatchSubmissionSchema({ server: true }),
  message: (s, who, units) => supermatchMessage(dated(s, who), who, units),
  store: (db, s, who) =>
    insertRow(db, 'supermatch_submissions', {
      a_name: s.a,
      b_name: s.b,
      hand: s.hand,
      winner: s.winner,
      score: s.score,
      best_of: s.best_of,
      date: dated(s, who).date,
      location: s.location,
      weight_a: s.weight_a,
      weight_b: s.weight_b,
      // Typed in the association's unit, and stored with it (migration 15).
      weight_unit: readAssociation(db).units,
      head_ref: s.head_ref,
      down_ref: s.down_ref,
      notes: s.notes,
      submitter: s.submitter,
      source: s.source,
      status: 'pending',
      ...submitterColumns(who),
    }),
});

const FEEDBACK = type({
  kind: 'feedback',
  schema: feedbackSchema,
  message: feedbackMessage,
  store: (db, s, who) => insertRow(db, 'feedback', { text: s.text, name: s.name, ...submitterColumns(who) }),
});

const EVENT = type({
  kind: 'event',
  schema: eventSubmissionSchema({ server: true }),
  message: eventMessage,
  store: (db, s, who) =>
    insertRow(db, 'event_submissions', {
      name: s.name,
      location: s.location,
      date: s.date,
      details: s.details,
      link: s.link,
      submitter: s.submitter,
      status: 'pending',
      ...submitterColumns(who),
    }),
});

const CLUB = type({
  kind: 'club',
  schema: clubSubmissionSchema,
  message: clubMessage,
  store: (db, s, who) =>
    insertRow(db, 'club_submissions', {
      name: s.name,
      city: s.city,
      region: s.region,
      leaders: s.leaders,
      training: s.training,
      founded: s.founded,
      out_of_state: s.out_of_state,
      members_count: s.members_count,
      avg_practice_size: s.avg_practice_size,
      image_url: s.image_url,
      website: s.website,
      description: s.desc,
      notes: s.notes,
      submitter: s.submitter,
      status: 'pending',
      ...submitterColumns(who),
    }),
});

export const SUBMISSION_TYPES: readonly SubmissionType[] = [SUPERMATCH, FEEDBACK, EVENT, CLUB];

/** Stores a parsed submission and, when a chat webhook is configured, queues its message; the receipt. */
export function recordSubmission<S extends z.ZodType>(
  db: Db,
  t: SubmissionType<S>,
  input: z.infer<S>,
  who: Submitter,
  opts: { webhook: boolean; now: number },
): SubmissionReceipt {
  const id = t.store(db, input, who);
  if (opts.webhook) {
    const association = readAssociation(db);
    enqueueWebhook(db, t.kind, fromAssociation(t.message(input, who, association.units), association.name), opts.now);
  }
  return { id, kind: t.kind, status: t.kind === 'feedback' ? 'received' : 'pending', created_at: who.createdAt };
}
