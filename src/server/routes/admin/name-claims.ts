import { Hono } from 'hono';
import {
  claimDecisionSchema,
  claimIdParamsSchema,
  claimListQuerySchema,
  type AccountClaimAnswer,
  type AccountClaimList,
  type ClaimConflict,
} from '../../../shared/name-claims.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import { decideClaim, listClaims } from '../../names/name-claims.ts';
import { decidedBy } from './decided-by.ts';

/** /admin/name-submissions: the queue of accounts' claims to names, and an admin's decision on one. */
export function adminNameClaimRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', (c) => {
    const { status } = readQuery(c, claimListQuerySchema);
    return c.json({ name_submissions: listClaims(db, status) } satisfies AccountClaimList);
  });
  app.post('/:id/status', async (c) => {
    const { id } = readParams(c, claimIdParamsSchema);
    const decision = await readJson(c, claimDecisionSchema);
    const outcome = decideClaim(db, id, decision, decidedBy(c.get('user')));
    if (outcome.kind === 'conflict') {
      return c.json(
        { error: { code: 'status_changed', message: outcome.message }, name_submission: outcome.claim } satisfies ClaimConflict,
        409,
      );
    }
    return c.json({ name_submission: outcome.claim } satisfies AccountClaimAnswer);
  });
  return app;
}
