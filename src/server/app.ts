import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { logger } from 'hono/logger';
import { requestId } from 'hono/request-id';
import type { AuthConfig } from '../shared/auth-config.ts';
import type { TokenVerifier } from './auth/tokens.ts';
import type { Db } from './db/connection.ts';
import { schemaVersion } from './db/migrate.ts';
import { errorBody, HttpError, sendError } from './http/errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { loadStaticFiles, staticHandler } from './http/static-files.ts';
import { adminRoleRoutes } from './routes/admin-roles.ts';
import { meRoutes } from './routes/me.ts';
import { eventRoutes } from './routes/events.ts';
import { eventImageRoutes, uploadRoutes } from './routes/event-images.ts';
import { analyticsSummaryRoutes, eventAnalyticsRoutes } from './routes/event-analytics.ts';
import { nameClaimRoutes } from './routes/name-claims.ts';
import { rankingRoutes } from './routes/rankings.ts';
import { knownNameRoutes } from './routes/known-names.ts';
import { submissionRoutes, type SubmissionSettings } from './routes/submissions.ts';
import { createStandingsCache } from './rankings/cache.ts';
import type { VideoServiceConfig } from './events/live-details.ts';

export interface AppDeps {
  db: Db;
  verify: TokenVerifier;
  authConfig: AuthConfig;
  /** Folder of the built app; absent in API-only tests. */
  staticDir?: string | undefined;
  logRequests?: boolean | undefined;
  /** Submission endpoints: proxy trust, rate limit, chat-webhook queueing (defaults when absent). */
  submissions?: SubmissionSettings | undefined;
  /** The video service for livestream details; absent: the events' own schedule is used. */
  videoService?: VideoServiceConfig | undefined;
}

export function createApp(deps: AppDeps) {
  const app = new Hono();
  const issuerOrigin = new URL(deps.authConfig.authority).origin;
  const headers = securityHeaders({ issuerOrigin });

  app.use('*', requestId());
  if (deps.logRequests) app.use('*', logger());
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  const api = new Hono();
  api.use(
    '*',
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: (c) => c.json(errorBody('payload_too_large', 'The body is larger than 1 MB.'), 413),
    }),
  );
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  api.get('/health', (c) => c.json({ status: 'ok', schema_version: schemaVersion(deps.db) }));
  api.get('/auth-config', (c) => c.json(deps.authConfig, 200, { 'Cache-Control': 'no-cache' }));
  api.route('/me', meRoutes(deps));
  api.route('/admin/roles', adminRoleRoutes(deps));
  api.route('/', rankingRoutes(deps, createStandingsCache(deps.db)));
  api.route('/', submissionRoutes(deps));
  api.route('/', knownNameRoutes(deps));
  api.route('/', eventAnalyticsRoutes(deps));
  api.route('/', eventRoutes(deps));
  api.route('/', eventImageRoutes(deps));
  api.route('/', nameClaimRoutes(deps));

  app.route('/api/v1', api);
  app.route('/api', analyticsSummaryRoutes(deps));
  app.route('/uploads', uploadRoutes(deps));
  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404));

  const files = loadStaticFiles(deps.staticDir ?? '');
  app.on(['GET', 'HEAD'], '*', staticHandler(files));

  app.notFound((c) => c.json(errorBody('not_found', 'Not found.'), 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return sendError(c, err);
    const id = c.get('requestId');
    console.error(`[${id}] ${c.req.method} ${c.req.path} failed:`, err);
    return c.json(errorBody('internal', 'Something went wrong on our side. Try again later.', undefined, id), 500);
  });
  return app;
}
