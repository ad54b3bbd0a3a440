import { Hono } from 'hono';
import {
  claimDecisionSchema,
  claimIdParamsSchema,
  claimListQuerySchema,
  nameSubmissionRequestSchema,
  type AccountClaimAnswer,
  type AccountClaimList,
  type MeProfileResponse,
} from '../../shared/name-claims.ts';
import type { AppDeps } from '../app.ts';
import type { AuthVariables } from '../auth/middleware.ts';
import { requireRole, requireUser } from '../auth/middleware.ts';
import { clientIp } from '../http/client-ip.ts';
import { readJson, readParams, readQuery } from '../http/validate.ts';
import { decideClaim, listClaims, nameStatusOf, submitClaim } from '../names/name-claims.ts';

/**
 * Name verification (spec part 1 §7; part 2 §7): the signed-in athlete's own
 * status and claim, and the admin's queue and decision. Every /me answer is
 * read by the token's subject only: one account never sees another's claim.
 */
export function nameClaimRoutes({ db, verify, submissions }: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const signedIn = requireUser(db, verify);
  const admin = [signedIn, requireRole('admin', 'dev')] as const;

  app.get('/me/name-status', signedIn, (c) => c.json(nameStatusOf(db, c.get('user').sub)));

  app.get('/me/profile', signedIn, (c) => {
    const status = nameStatusOf(db, c.get('user').sub);
    return c.json({
      name_locked: status.status === 'verified',
      athlete_name: status.athlete_name,
      pending_requested_name: status.pending_requested_name,
    } satisfies MeProfileResponse);
  });

  app.post('/name-submissions', signedIn, async (c) => {
    const body = await readJson(c, nameSubmissionRequestSchema);
    const user = c.get('user');
    const status = submitClaim(
      db,
      { sub: user.sub, email: user.email ?? null, name: user.name ?? null, ip: clientIp(c, !!submissions?.trustProxy) },
      body,
    );
    return c.json(status, 201);
  });

  app.get('/admin/name-submissions', ...admin, (c) => {
    const { status } = readQuery(c, claimListQuerySchema);
    return c.json({ name_submissions: listClaims(db, status) } satisfies AccountClaimList);
  });

  app.post('/admin/name-submissions/:id/status', ...admin, async (c) => {
    const { id } = readParams(c, claimIdParamsSchema);
    const { status } = await readJson(c, claimDecisionSchema);
    const user = c.get('user');
    const claim = decideClaim(db, id, status, user.email ?? user.name ?? user.sub);
    return c.json({ name_submission: claim } satisfies AccountClaimAnswer);
  });

  return app;
}
