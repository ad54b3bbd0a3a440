import { Hono } from 'hono';
import { nameStatusSchema, nameSubmissionRequestSchema } from '../../shared/name-claims.ts';
import type { AppDeps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../auth/middleware.ts';
import { clientIp } from '../http/client-ip.ts';
import { readJson } from '../http/validate.ts';
import { describeRoute, SIGNED_IN } from '../openapi/describe.ts';
import { submitClaim } from '../names/name-claims.ts';

/**
 * /name-submissions: a signed-in athlete claims a name on the leaderboards.
 * Their status is read at /me/name-status; the queue and decisions are the
 * admin's, at /admin/name-submissions.
 */
export function nameClaimRoutes({ db, verify, submissions }: Pick<AppDeps, 'db' | 'verify' | 'submissions'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const claimNameDoc = describeRoute({
    operationId: 'claimName',
    summary: 'Claim a name on the leaderboards',
    tag: 'account',
    access: SIGNED_IN,
    json: {
      schema: nameSubmissionRequestSchema,
      example: { requested_name: 'Alex Doe', evidence_links: ['https://example.org/alex'] },
    },
    responses: { 201: { description: 'The claim status.', json: nameStatusSchema } },
    errors: {
      409: 'The account has a verified name or a pending claim already, or the name is verified to another account.',
    },
  });
  app.post('/', claimNameDoc, requireUser(db, verify), async (c) => {
    const body = await readJson(c, nameSubmissionRequestSchema);
    const user = c.get('user');
    const status = submitClaim(
      db,
      { sub: user.sub, email: user.email ?? null, name: user.name ?? null, ip: clientIp(c, !!submissions?.trustProxy) },
      body,
    );
    return c.json(status, 201);
  });
  return app;
}
