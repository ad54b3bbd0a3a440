import { Hono } from 'hono';
import { z } from 'zod';
import { claimDecisionSchema, claimIdParamsSchema, claimListQuerySchema } from '../../../shared/name-claims.ts';
import type { AccountClaimAnswer, AccountClaimList, ClaimConflict } from '../../../shared/answers/name-claims.ts';
import { errorSchema } from '../../../shared/answers/errors.ts';
import {
  accountClaimAnswerSchema,
  accountClaimListSchema,
  claimConflictSchema,
} from '../../../shared/answers/name-claims.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';
import { decideClaim, listClaims } from '../../names/name-claims.ts';
import { decidedBy } from './decided-by.ts';

/** /admin/name-submissions: the queue of accounts' claims to names, and an admin's decision on one. */
export function adminNameClaimRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const listNameClaimsDoc = describeRoute({
    operationId: 'listNameClaims',
    summary: "The queue of accounts' name claims (one status, or all)",
    tag: 'admin',
    access: ADMIN,
    query: claimListQuerySchema,
    queryExample: { status: 'pending' },
    responses: { 200: { description: 'The claims.', json: accountClaimListSchema } },
  });
  app.get('/', listNameClaimsDoc, (c) => {
    const { status } = readQuery(c, claimListQuerySchema);
    return c.json({ name_submissions: listClaims(db, status) } satisfies AccountClaimList);
  });
  const decideNameClaimDoc = describeRoute({
    operationId: 'decideNameClaim',
    summary: 'Approve or deny a name claim',
    tag: 'admin',
    access: ADMIN,
    params: claimIdParamsSchema,
    json: { schema: claimDecisionSchema, example: { status: 'approved', expected_status: 'pending' } },
    responses: { 200: { description: 'The claim now.', json: accountClaimAnswerSchema } },
    errors: {
      404: 'No such claim.',
      409: {
        description:
          'status_changed: the claim is no longer in expected_status (another admin decided it), and the body ' +
          'carries it as it is now; or the account has a verified name already, or the name is verified to ' +
          'another account.',
        json: z.union([claimConflictSchema, errorSchema]),
      },
    },
  });
  app.post('/:id/status', decideNameClaimDoc, async (c) => {
    const { id } = readParams(c, claimIdParamsSchema);
    const decision = await readJson(c, claimDecisionSchema);
    const outcome = decideClaim(db, id, decision, decidedBy(c.get('user')));
    if (outcome.kind === 'conflict') {
      return c.json(
        {
          error: { code: 'status_changed', message: outcome.message },
          name_submission: outcome.claim,
        } satisfies ClaimConflict,
        409,
      );
    }
    return c.json({ name_submission: outcome.claim } satisfies AccountClaimAnswer);
  });
  return app;
}
