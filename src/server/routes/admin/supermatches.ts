import { Hono } from 'hono';
import {
  reviewIdParamsSchema,
  reviewListQuerySchema,
  supermatchDecisionSchema,
  type DecisionConflict,
  type SupermatchDecisionAnswer,
  type SupermatchReviewList,
} from '../../../shared/supermatch-review.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
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
  app.get('/', (c) => {
    const { status } = readQuery(c, reviewListQuerySchema);
    return c.json({ supermatches: listSupermatchSubmissions(db, status) } satisfies SupermatchReviewList);
  });
  app.post('/:id/status', async (c) => {
    const { id } = readParams(c, reviewIdParamsSchema);
    const input = await readJson(c, supermatchDecisionSchema);
    const outcome = decideSupermatch(db, id, input, decidedBy(c.get('user')));
    if (outcome.kind === 'conflict') {
      return c.json(
        { error: { code: 'status_changed', message: outcome.message }, supermatch: outcome.item } satisfies DecisionConflict,
        409,
      );
    }
    return c.json({ supermatch: outcome.item, rating_effects: outcome.effects } satisfies SupermatchDecisionAnswer);
  });
  return app;
}
