import { Hono } from 'hono';
import { setupRequestSchema, setupResultSchema, type SetupResult } from '../../shared/setup.ts';
import type { AppDeps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../auth/middleware.ts';
import { claimSetupToken, type SetupRefusal } from '../auth/setup.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';
import { log } from '../log.ts';
import { describeRoute, SIGNED_IN } from '../openapi/describe.ts';

const NEW_LINK = 'Run npm run setup on the server for a new link.';

/** Each refusal's answer: a fault of the token itself names the field, a state of the association is a 409. */
const REFUSALS: Record<SetupRefusal, { status: 400 | 409; code: string; message: string }> = {
  unknown: {
    status: 400,
    code: 'setup_token_unknown',
    message: `This setup link is not one this server made. Check that the whole link was copied. ${NEW_LINK}`,
  },
  replaced: {
    status: 400,
    code: 'setup_token_replaced',
    message: `A newer setup link has replaced this one. Open the newest link in the server's log, or: ${NEW_LINK}`,
  },
  expired: {
    status: 400,
    code: 'setup_token_expired',
    message: `This setup link has expired: a link works for 24 hours. ${NEW_LINK}`,
  },
  used: { status: 409, code: 'setup_token_used', message: 'This setup link has already been used.' },
  admin_exists: {
    status: 409,
    code: 'already_set_up',
    message: 'This association already has an admin. Ask them to give you a role.',
  },
};

/**
 * POST /setup: the first admin of a new deployment (auth/setup.ts). Any signed-in person may send a setup link's
 * token; the first one with a good token becomes admin.
 */
export function setupRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const claimSetupDoc = describeRoute({
    operationId: 'claimSetup',
    summary: "Become this association's first admin with a setup link's token",
    description:
      'While nobody holds the admin role, the server writes a one-time setup link to its log (and `npm run setup` ' +
      'prints one). The signed-in caller who sends its token becomes admin. A token works once, for 24 hours, ' +
      'and only while no admin exists; a newer link replaces it.',
    tag: 'account',
    access: SIGNED_IN,
    json: { schema: setupRequestSchema, example: { token: 'kX3pV9qWcN2tYbR7uJ5hL0sF8dA1gE4mZ6oI-_wQeTy' } },
    responses: { 200: { description: 'The caller is now admin.', json: setupResultSchema } },
    errors: {
      400: 'The token is not a setup link, was replaced by a newer link, or has expired (the message says which).',
      409: 'The link has already been used, or this association already has an admin.',
    },
  });
  app.post('/', claimSetupDoc, requireUser(db, verify), async (c) => {
    const { token } = await readJson(c, setupRequestSchema);
    const { sub } = c.get('user');
    const result = claimSetupToken(db, token, sub);
    if (!result.ok) {
      const { status, code, message } = REFUSALS[result.refusal];
      throw new HttpError(status, code, message, status === 400 ? { token: [message] } : undefined);
    }
    log.info('Setup: the setup link was used; its holder is the first admin.', { principal: sub });
    return c.json({ role: 'admin', principal: sub } satisfies SetupResult);
  });
  return app;
}
