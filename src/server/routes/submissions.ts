import { Hono, type MiddlewareHandler } from 'hono';
import { submissionReceiptSchema } from '../../shared/answers/submissions.ts';
import { SUBMISSION_PATHS, type SubmissionKind } from '../../shared/submissions.ts';
import type { AppDeps } from '../deps.ts';
import { optionalUser } from '../auth/middleware.ts';
import { DEFAULT_SUBMISSION_RATE_LIMIT } from '../config.ts';
import { clientIp } from '../http/client-ip.ts';
import { completeIdempotent, idempotency, type IdempotencyVariables } from '../http/idempotency.ts';
import { createRateLimiter, rateLimit } from '../http/rate-limit.ts';
import { readJson } from '../http/validate.ts';
import { describeRoute } from '../openapi/describe.ts';
import { recordSubmission, SUBMISSION_TYPES, type Submitter } from '../submissions/store.ts';

/**
 * The anonymous submissions: supermatch results, feedback, events and clubs.
 * Each POST needs an Idempotency-Key (the outbox repeats sends); the row, the
 * key's answer and the chat message are written in one transaction. A bearer
 * token is optional: a valid one records who sent it, an invalid one is
 * ignored (never a 401: an expired session must not lose a form).
 */

/** Each form as the API document names and shows it. */
const FORMS: Record<SubmissionKind, { operationId: string; summary: string; example: Record<string, unknown> }> = {
  supermatch: {
    operationId: 'submitSupermatchResult',
    summary: 'Submit a supermatch result for review',
    example: { a: 'Alex Doe', b: 'Sam Roe', hand: 'RH', winner: 'A', score: '3-1', date: '2024-05-04' },
  },
  feedback: {
    operationId: 'submitFeedback',
    summary: 'Send a feedback message',
    example: { text: 'The leaderboard loads fast.', name: 'Pat' },
  },
  event: {
    operationId: 'submitEvent',
    summary: 'Submit an event for review',
    example: { name: 'Spring Pull', location: 'Boise, ID', date: '2024-04-01', link: 'https://example.org/spring' },
  },
  club: {
    operationId: 'submitClub',
    summary: 'Submit a club for review',
    example: { name: 'Valley Arms', city: 'Boise', region: 'Idaho', founded: 2015 },
  },
};

/**
 * Mounted at the API's root: the four forms post to four top-level paths
 * (named once, in shared SUBMISSION_PATHS, for the app's outbox too) that
 * share one rate budget.
 */
export function submissionRoutes(deps: Pick<AppDeps, 'db' | 'verify' | 'submissions'>) {
  const { db, verify, submissions: settings = {} } = deps;
  const app = new Hono<{ Variables: IdempotencyVariables }>();
  const now = settings.now ?? Date.now;
  const trustProxy = settings.trustProxy ?? false;
  const limits = settings.rateLimit === undefined ? DEFAULT_SUBMISSION_RATE_LIMIT : settings.rateLimit;
  // One budget per IP across the four forms.
  const limited: MiddlewareHandler = limits
    ? rateLimit(createRateLimiter({ ...limits, now }), (c) => clientIp(c, trustProxy))
    : (_c, next) => next();

  for (const type of SUBMISSION_TYPES) {
    const route = SUBMISSION_PATHS[type.kind];
    const form = FORMS[type.kind];
    app.post(
      route.replace(/^\/api\/v1/, ''),
      describeRoute({
        operationId: form.operationId,
        summary: `${form.summary} (anonymous; a valid token records who sent it)`,
        tag: 'submissions',
        access: 'optional',
        json: { schema: type.schema, example: form.example },
        responses: { 201: { description: 'The receipt.', json: submissionReceiptSchema } },
        idempotent: true,
        rateLimited: true,
      }),
      // The key is looked up first: a repeat of a stored answer never spends the rate budget.
      idempotency(db, { route, now }),
      limited,
      async (c) => {
        const input = await readJson(c, type.schema);
        const user = await optionalUser(c, verify);
        const who: Submitter = {
          ip: clientIp(c, trustProxy),
          sub: user?.sub ?? null,
          email: user?.email,
          createdAt: new Date(now()).toISOString(),
        };
        return completeIdempotent(c, () => ({
          status: 201,
          body: recordSubmission(db, type, input, who, { webhook: !!settings.webhook, now: now() }),
        }));
      },
    );
  }
  return app;
}
