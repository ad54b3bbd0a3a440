import { Hono } from 'hono';
import {
  claimDecisionSchema,
  claimIdParamsSchema,
  claimListQuerySchema,
  type AccountClaimAnswer,
  type AccountClaimList,
} from '../../../shared/name-claims.ts';
import type { AppDeps } from '../../app.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import { decideClaim, listClaims } from '../../names/name-claims.ts';

/** /admin/name-submissions: the queue of accounts' claims to names, and an admin's decision on one. */
export function adminNameClaimRoutes({ db }: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', (c) => {
    const { status } = readQuery(c, claimListQuerySchema);
    return c.json({ name_submissions: listClaims(db, status) } satisfies AccountClaimList);
  });
  app.post('/:id/status', async (c) => {
    const { id } = readParams(c, claimIdParamsSchema);
    const { status } = await readJson(c, claimDecisionSchema);
    const user = c.get('user');
    const claim = decideClaim(db, id, status, user.email ?? user.name ?? user.sub);
    return c.json({ name_submission: claim } satisfies AccountClaimAnswer);
  });
  return app;
}
