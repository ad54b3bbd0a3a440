import { Hono } from 'hono';
import {
  reviewIdParamsSchema,
  reviewListQuerySchema,
  supermatchDecisionSchema,
} from '../../../shared/supermatch-review.ts';
import type {
  DecisionConflict,
  SupermatchDecisionAnswer,
  SupermatchReviewList,
} from '../../../shared/answers/review.ts';
import {
  decisionConflictSchema,
  supermatchDecisionAnswerSchema,
  supermatchReviewListSchema,
} from '../../../shared/answers/review.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';
import { decideSupermatch, listSupermatchSubmissions } from '../../supermatches/review.ts';
import { decidedBy } from './decided-by.ts';
import { adminScheduledCardRoutes } from './scheduled-cards.ts';

/**
 * /admin/supermatches: the submitted results, and an admin's decision on one
 * (which rates it, or un-rates it); /scheduled: the scheduled cards.
 */
export function adminSupermatchRoutes(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  app.route('/scheduled', adminScheduledCardRoutes(deps));
  const listSupermatchSubmissionsDoc = describeRoute({
    operationId: 'listSupermatchSubmissions',
    summary: 'The submitted supermatch results, newest first (one status, or all)',
    tag: 'admin',
    access: ADMIN,
    query: reviewListQuerySchema,
    queryExample: { status: 'pending' },
    responses: { 200: { description: 'The submissions.', json: supermatchReviewListSchema } },
  });
  app.get('/', listSupermatchSubmissionsDoc, (c) => {
    const { status } = readQuery(c, reviewListQuerySchema);
    return c.json({ supermatches: listSupermatchSubmissions(db, status) } satisfies SupermatchReviewList);
  });
  const decideSupermatchSubmissionDoc = describeRoute({
    operationId: 'decideSupermatchSubmission',
    summary: 'Approve (rate) or deny a submitted result',
    tag: 'admin',
    access: ADMIN,
    params: reviewIdParamsSchema,
    json: { schema: supermatchDecisionSchema, example: { status: 'denied', expected_status: 'pending' } },
    responses: {
      200: { description: 'The submission now, and what the decision did.', json: supermatchDecisionAnswerSchema },
    },
    errors: {
      404: 'No such submission.',
      409: {
        description:
          'status_changed: the submission is no longer in expected_status (another admin decided it); the body ' +
          'carries it as it is now.',
        json: decisionConflictSchema,
      },
      422: 'A name is no athlete yet: say who in `athletes` (the field named) to approve.',
    },
  });
  app.post('/:id/status', decideSupermatchSubmissionDoc, async (c) => {
    const { id } = readParams(c, reviewIdParamsSchema);
    const input = await readJson(c, supermatchDecisionSchema);
    const outcome = decideSupermatch(db, id, input, decidedBy(c.get('user')));
    if (outcome.kind === 'conflict') {
      return c.json(
        {
          error: { code: 'status_changed', message: outcome.message },
          supermatch: outcome.item,
        } satisfies DecisionConflict,
        409,
      );
    }
    return c.json({ supermatch: outcome.item, rating_effects: outcome.effects } satisfies SupermatchDecisionAnswer);
  });
  return app;
}
