import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import type { AppDeps } from './deps.ts';
import { compressPerRequest } from './http/encoding.ts';
import { errorBody, HttpError, sendError, storageUnavailable } from './http/errors.ts';
import { methodRules } from './http/methods.ts';
import { logError, requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { describedRoutes } from './openapi/describe.ts';
import { loadStaticFiles, staticHandler } from './http/static-files.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { associationRoutes } from './routes/association.ts';
import { athleteImageRoutes } from './routes/athlete-images.ts';
import { clubPublicRoutes, clubRoutes } from './routes/clubs.ts';
import { sheetSource } from './clubs/sheet.ts';
import { analyticsSummaryRoutes } from './routes/event-analytics.ts';
import { uploadRoutes } from './routes/event-images.ts';
import { eventRoutes } from './routes/events.ts';
import { exportRoutes } from './routes/exports.ts';
import { headToHeadRoutes } from './routes/head-to-head.ts';
import { knownNameRoutes } from './routes/known-names.ts';
import { meRoutes } from './routes/me.ts';
import { nameClaimRoutes } from './routes/name-claims.ts';
import { athleteRoutes, leaderboardRoutes } from './routes/rankings.ts';
import { ratingsRoutes } from './routes/ratings.ts';
import { DB_UPLOAD_PATH, devRoutes } from './routes/dev.ts';
import { submissionRoutes } from './routes/submissions.ts';
import { serverRoutes } from './routes/server.ts';
import { setupRoutes } from './routes/setup.ts';
import { supermatchRoutes } from './routes/supermatches.ts';
import { tableRoutes } from './routes/table.ts';
import { tournamentRoutes } from './routes/tournaments.ts';
import { createStandingsCache } from './rankings/cache.ts';
import { profileFiles } from './association/app-files.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono();
  const issuerOrigin = new URL(deps.authConfig.authority).origin;
  const headers = securityHeaders({ issuerOrigin, publicUrl: deps.publicUrl });

  // A proxy's X-Request-Id is kept only when the operator trusts the proxy (TRUST_PROXY), like its client IP.
  app.use('*', requestLog({ logRequests: !!deps.logRequests, trustProxy: deps.submissions?.trustProxy ?? false }));
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  // Reads go out gzipped to a client that takes it: on a phone's slow network the 80 KB card list was most of the
  // supermatches page's wait. Tagged answers (the cards, clubs.json, events, exports, the leaderboards, the app's
  // files) choose their encoding where their tag is made (http/etag.ts); the rest here (http/encoding.ts).
  app.use('*', compressPerRequest());
  // A known path with another method: 405 with Allow; OPTIONS: 204 with Allow (http/methods.ts).
  const methods = methodRules(app);
  app.use('*', methods.options);

  const api = new Hono();
  // Every body is kept to 1 MB except a developer's database upload, which has its own limit (routes/dev.ts).
  api.use(
    '*',
    except(
      DB_UPLOAD_PATH,
      bodyLimit({
        maxSize: 1024 * 1024,
        onError: (c) => c.json(errorBody('payload_too_large', 'The body is larger than 1 MB.'), 413),
      }),
    ),
  );
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // /health, /auth-config and the published contract, made from every route's description (openapi/describe.ts).
  api.route(
    '/',
    serverRoutes(deps, () => describedRoutes(app)),
  );
  api.route('/me', meRoutes(deps));
  // The first admin of a new deployment, with the setup link's token (auth/setup.ts).
  api.route('/setup', setupRoutes(deps));
  api.route('/admin', adminRoutes(deps));
  api.route('/dev', devRoutes(deps));
  const standings = createStandingsCache(deps.db);
  api.route('/leaderboard', leaderboardRoutes(standings));
  api.route('/athletes', athleteRoutes(deps, standings));
  api.route('/known-names', knownNameRoutes(deps));
  api.route('/head-to-head', headToHeadRoutes(deps));
  api.route('/ratings', ratingsRoutes(deps));
  api.route('/supermatches', supermatchRoutes(deps));
  api.route('/athlete-images', athleteImageRoutes(deps));
  api.route('/events', eventRoutes(deps));
  api.route('/tournaments', tournamentRoutes(deps));
  api.route('/table', tableRoutes(deps));
  api.route('/name-submissions', nameClaimRoutes(deps));
  api.route('/association', associationRoutes(deps));
  api.route('/clubs', clubRoutes(deps, standings.get));
  api.route('/export', exportRoutes(deps, standings));
  // The four submission forms post to four top-level paths (see routes/submissions.ts).
  api.route('/', submissionRoutes(deps));

  app.route('/api/v1', api);
  // The club list and the club sheet sit at the top-level paths the app reads (before the built files).
  app.route('/', clubPublicRoutes(deps.db, standings.get, sheetSource(deps.db, deps.clubsSheetCsvUrl)));
  app.route('/api/analytics-summary', analyticsSummaryRoutes(deps));
  app.route('/uploads', uploadRoutes(deps));
  const notFound = (c: Context) => c.json(errorBody('not_found', 'Not found.'), 404);
  app.all(
    '/api/*',
    methods.unmatched((c) => c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404)),
  );
  // Pictures and the sign-in never answer with the app's page: a wrong address there is a JSON 404 (the embedded
  // provider, when on, takes /oidc before this app sees it: server.ts).
  app.all('/uploads/*', methods.unmatched(notFound));
  app.all('/oidc/*', methods.unmatched(notFound));

  const files = loadStaticFiles(deps.staticDir ?? '');
  // The page and the web app manifest are made from the association profile (association/app-files.ts).
  app.on(['GET', 'HEAD'], '*', staticHandler(files, profileFiles(deps.db, files.get('/index.html'))));

  app.notFound(methods.unmatched(notFound));
  app.onError((err, c) => {
    if (err instanceof HttpError) return sendError(c, err);
    const id = c.get('requestId');
    logError(c, err);
    // A full disk, a busy database or an I/O error is logged above for the operator and answered 503 (errors.ts).
    const unavailable = storageUnavailable(err);
    if (unavailable) return sendError(c, unavailable, id);
    return c.json(errorBody('internal', 'Something went wrong on our side. Try again later.', undefined, id), 500);
  });
  return app;
}
