import { createServer, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { AuthConfig } from '../shared/auth-config.ts';
import { createApp } from './app.ts';
import { DEMO_ACCOUNTS } from './auth/demo-accounts.ts';
import { createEmbeddedProvider, OIDC_MOUNT } from './auth/embedded-provider.ts';
import { applyDemoRoles } from './auth/demo-roles.ts';
import { hasAdmin, issueSetupToken, setupMessage, setupUrl } from './auth/setup.ts';
import { createTokenVerifier, discoveredKeys } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { migrations } from './db/migrations.ts';
import { seedVerifiedDemoNames } from './names/name-claims.ts';
import { releaseOrphanedClaims } from './http/idempotency.ts';
import { hasResults } from './demo/generate.ts';
import { seedDemo } from './demo/seed.ts';
import { rerate } from './ratings/engine.ts';
import { readAssociation } from './association/store.ts';
import { endLiveStreams } from './tournaments/live.ts';
import { logNodeRequest } from './http/request-log.ts';
import { inRequest, log } from './log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { startMaintenance } from './jobs/maintenance.ts';
import { startWebhookWorker } from './jobs/webhook.ts';

/** How long a shutdown waits for the requests in flight before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface Running {
  server: Server;
  db: Db;
  url: string;
  /**
   * Stops taking connections, lets the requests in flight finish (at most
   * `graceMs`, then closes what is left), stops the background jobs, folds the
   * write-ahead log into the database file and closes it.
   */
  close: (graceMs?: number) => Promise<void>;
  /** The setup link logged at start (production, no admin yet: auth/setup.ts); none otherwise. */
  setupLink?: string | undefined;
}

/** Opens the database, migrates it, wires sign-in and starts the one HTTP server. */
export async function startServer(config: Config): Promise<Running> {
  const db = openDatabase(config.databaseFile);
  migrate(db, migrations);
  releaseOrphanedClaims(db);
  if (config.demoData && !hasResults(db)) {
    const started = performance.now();
    // The league with its events, tournaments, cards and submissions; the kilogram federation's profile first.
    const demo = seedDemo(db, config.demoAssociation);
    log.info(
      `Loaded the demo state into the empty database (${readAssociation(db).name}, ${config.demoAssociation}): ` +
        `${demo.athletes} athletes, ${demo.tournaments} tournaments, ${demo.supermatches} supermatches ` +
        `(${Math.round(performance.now() - started)} ms).`,
    );
  }

  // Ratings made by other constants than the model's (the app was updated with a new model) are recomputed now,
  // once, before anyone reads a leaderboard; the decision log records the change.
  const rated = rerate(db);
  if (rated.modelChanged) {
    log.info(
      `The rating model changed (version ${rated.modelChanged.from ?? 1} to ${rated.modelChanged.to}): ` +
        `every rating was recomputed from ${rated.units} results.`,
    );
  }

  const { auth } = config;
  const authConfig: AuthConfig = {
    authority: auth.issuer,
    client_id: auth.clientId,
    audience: auth.audience,
    embedded: auth.kind === 'embedded',
  };
  const issuerOrigin = new URL(auth.issuer).origin;
  const headers = securityHeaders({ issuerOrigin, publicUrl: config.publicUrl });

  const provider =
    auth.kind === 'embedded'
      ? await createEmbeddedProvider({
          db,
          issuer: auth.issuer,
          clientId: auth.clientId,
          audience: auth.audience,
          appOrigins: config.appOrigins,
          headers,
        })
      : undefined;
  const removed = applyDemoRoles(db, { demoData: config.demoData, embedded: !!provider });
  if (removed) log.info(`Took the roles of the demo accounts away (${removed}): DEMO_DATA is off.`);
  if (provider) {
    // The demo account with an already verified name (issue 5): idempotent, every start.
    seedVerifiedDemoNames(db, DEMO_ACCOUNTS);
  }

  const verify = createTokenVerifier({
    issuer: auth.issuer,
    audience: auth.audience,
    keys: provider ? provider.keys : discoveredKeys(auth.issuer),
    requireAtJwt: auth.kind === 'embedded',
  });
  const app = createApp({
    db,
    verify,
    authConfig,
    staticDir: config.staticDir,
    logRequests: config.logRequests,
    publicUrl: config.publicUrl,
    submissions: {
      trustProxy: config.trustProxy,
      rateLimit: config.submissionRateLimit,
      webhook: !!config.chatWebhookUrl,
    },
    videoService: config.videoService,
    dataDir: config.dataDir,
    dbUploadMaxBytes: config.dbUploadMaxBytes,
    clubsSheetCsvUrl: config.clubsSheetCsvUrl,
  });
  const honoListener = getRequestListener(app.fetch);

  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    // While shutting down, no connection stays open for a next request.
    if (closing) res.setHeader('Connection', 'close');
    const url = req.url ?? '/';
    if (provider && (url === OIDC_MOUNT || url.startsWith(`${OIDC_MOUNT}/`) || url.startsWith(`${OIDC_MOUNT}?`))) {
      const id = logNodeRequest({ logRequests: config.logRequests, trustProxy: config.trustProxy }, req, res);
      inRequest(id, () => provider.handle(req, res));
    } else {
      void honoListener(req, res);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Housekeeping (old idempotency keys, pictures no row points at), scheduled backups when BACKUP_DIR is set,
  // and the chat-webhook queue, whose state is in the database.
  const stopMaintenance = startMaintenance(db, { backups: config.backups });
  const stopWebhook = config.chatWebhookUrl ? startWebhookWorker(db, { url: config.chatWebhookUrl }) : undefined;
  // A new deployment has nobody who can run the admin screen: in production the log carries a link that makes
  // the first admin (auth/setup.ts), written once the server answers, so the link works as soon as it is read.
  const setupLink =
    config.nodeEnv === 'production' && !hasAdmin(db)
      ? setupUrl(config.publicUrl, issueSetupToken(db).token)
      : undefined;
  if (setupLink) log.info(setupMessage(setupLink));
  return {
    server,
    db,
    url: config.publicUrl,
    setupLink,
    close: async (graceMs = SHUTDOWN_GRACE_MS) => {
      closing = true;
      // Live streams never end by themselves: end them first, so their connections close like the others.
      endLiveStreams(db);
      provider?.stop();
      stopMaintenance();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Kept-alive connections with nothing in flight close now; the others after their answer.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      server.closeIdleConnections();
      // An answer that had sent its headers (a live stream, ended above) leaves its connection idle once finished.
      for (const res of inFlight) {
        if (res.headersSent) res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
      }
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(deadline);
      await stopWebhook?.();
      // Fold the write-ahead log into the database file, so the data folder is one file at rest.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
