import { Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  clubSubmissionSchema,
  eventSubmissionSchema,
  feedbackSchema,
  localToday,
  SUBMISSION_PATHS,
  supermatchSubmissionSchema,
  type SubmissionKind,
  type SubmissionReceipt,
  type SupermatchSubmission,
} from '../../shared/submissions.ts';
import type { AppDeps } from '../app.ts';
import { optionalUser } from '../auth/middleware.ts';
import { DEFAULT_SUBMISSION_RATE_LIMIT, type RateLimit } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { clientIp } from '../http/client-ip.ts';
import { completeIdempotent, idempotency, type IdempotencyVariables } from '../http/idempotency.ts';
import { createRateLimiter, rateLimit } from '../http/rate-limit.ts';
import { readJson } from '../http/validate.ts';
import {
  clubMessage,
  eventMessage,
  feedbackMessage,
  supermatchMessage,
  type SubmitterMeta,
  type WebhookMessage,
} from '../jobs/webhook-messages.ts';
import { enqueueWebhook } from '../jobs/webhook.ts';

/**
 * The anonymous submissions (spec part 2 §3, §7): supermatch results, feedback,
 * events and clubs. Each POST needs an Idempotency-Key (the outbox repeats
 * sends); the row, the key's answer and the chat message are written in one
 * transaction. A bearer token is optional: a valid one records who sent it, an
 * invalid one is ignored (never a 401: an expired session must not lose a form).
 */

export interface SubmissionSettings {
  /** Read the client IP from X-Forwarded-For (first address). Default false. */
  trustProxy?: boolean | undefined;
  /** Per-IP token bucket; null switches it off. Default 30 per 600 s. */
  rateLimit?: RateLimit | null | undefined;
  /** Enqueue a chat message per submission (a webhook URL is configured). Default false. */
  webhook?: boolean | undefined;
  now?: (() => number) | undefined;
}

export interface Submitter extends SubmitterMeta {
  sub: string | null;
}

interface Kind<S extends z.ZodType> {
  kind: SubmissionKind;
  schema: S;
  store: (db: Db, input: z.infer<S>, who: Submitter) => number;
  message: (input: z.infer<S>, who: Submitter) => WebhookMessage;
}
const kind = <S extends z.ZodType>(k: Kind<S>) => k;

/** Inserts `values` (undefined as NULL) into `table`; the submission's id. */
function insert(db: Db, table: string, values: Record<string, string | number | boolean | null | undefined>): number {
  const names = Object.keys(values);
  const row = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v === undefined ? null : typeof v === 'boolean' ? Number(v) : v]),
  );
  const sql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`;
  return Number(db.prepare(sql).run(row).lastInsertRowid);
}

const submitterColumns = (who: Submitter) => ({
  submitter_ip: who.ip,
  submitter_sub: who.sub,
  submitter_email: who.email,
  created_at: who.createdAt,
});

/** A result sent without a date is recorded on the server's date of the day it arrived. */
const dated = (s: SupermatchSubmission, who: Submitter) => ({ ...s, date: s.date ?? localToday(new Date(who.createdAt)) });

const SUPERMATCH = kind({
  kind: 'supermatch',
  schema: supermatchSubmissionSchema({ server: true }),
  message: (s, who) => supermatchMessage(dated(s, who), who),
  store: (db, s, who) =>
    insert(db, 'supermatch_submissions', {
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
      head_ref: s.head_ref,
      down_ref: s.down_ref,
      notes: s.notes,
      submitter: s.submitter,
      source: s.source,
      status: 'pending',
      ...submitterColumns(who),
    }),
});

const FEEDBACK = kind({
  kind: 'feedback',
  schema: feedbackSchema,
  message: feedbackMessage,
  store: (db, s, who) => insert(db, 'feedback', { text: s.text, name: s.name, ...submitterColumns(who) }),
});

const EVENT = kind({
  kind: 'event',
  schema: eventSubmissionSchema({ server: true }),
  message: eventMessage,
  store: (db, s, who) =>
    insert(db, 'event_submissions', {
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

const CLUB = kind({
  kind: 'club',
  schema: clubSubmissionSchema,
  message: clubMessage,
  store: (db, s, who) =>
    insert(db, 'club_submissions', {
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

export function submissionRoutes({ db, verify, submissions: settings = {} }: AppDeps) {
  const app = new Hono<{ Variables: IdempotencyVariables }>();
  const now = settings.now ?? Date.now;
  const trustProxy = settings.trustProxy ?? false;
  const limits = settings.rateLimit === undefined ? DEFAULT_SUBMISSION_RATE_LIMIT : settings.rateLimit;
  // One budget per IP across the four forms.
  const limited: MiddlewareHandler = limits
    ? rateLimit(createRateLimiter({ ...limits, now }), (c) => clientIp(c, trustProxy))
    : (_c, next) => next();

  function register<S extends z.ZodType>(k: Kind<S>) {
    const route = SUBMISSION_PATHS[k.kind];
    app.post(
      route.replace(/^\/api\/v1/, ''),
      // The key is looked up first: a repeat of a stored answer never spends the rate budget.
      idempotency(db, { route, now }),
      limited,
      async (c) => {
        const input = await readJson(c, k.schema);
        const user = await optionalUser(c, verify);
        const who: Submitter = {
          ip: clientIp(c, trustProxy),
          sub: user?.sub ?? null,
          email: user?.email,
          createdAt: new Date(now()).toISOString(),
        };
        return completeIdempotent(c, () => {
          const id = k.store(db, input, who);
          if (settings.webhook) enqueueWebhook(db, k.kind, k.message(input, who), now());
          const receipt: SubmissionReceipt = {
            id,
            kind: k.kind,
            status: k.kind === 'feedback' ? 'received' : 'pending',
            created_at: who.createdAt,
          };
          return { status: 201, body: receipt };
        });
      },
    );
  }
  register(SUPERMATCH);
  register(FEEDBACK);
  register(EVENT);
  register(CLUB);
  return app;
}
