import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { AuthConfig } from '../shared/auth-config.ts';
import { createApp } from './app.ts';
import { DEMO_ACCOUNTS } from './auth/demo-accounts.ts';
import { createEmbeddedProvider, OIDC_MOUNT } from './auth/embedded-provider.ts';
import { grantRole } from './auth/roles.ts';
import { createTokenVerifier, discoveredKeys } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { migrations } from './db/migrations.ts';
import { seedVerifiedDemoNames } from './names/name-claims.ts';
import { releaseOrphanedClaims } from './http/idempotency.ts';
import { hasResults, seedDemoState } from './demo/generate.ts';
import { seedDemoEvents } from './demo/events.ts';
import { seedDemoCards } from './demo/cards.ts';
import { seedDemoSubmissions } from './demo/submissions.ts';
import { securityHeaders } from './http/security-headers.ts';
import { startMaintenance } from './jobs/maintenance.ts';
import { startWebhookWorker } from './jobs/webhook.ts';

export interface Running {
  server: Server;
  db: Db;
  url: string;
  close: () => Promise<void>;
}

/** Opens the database, migrates it, wires sign-in and starts the one HTTP server. */
export async function startServer(config: Config): Promise<Running> {
  const db = openDatabase(config.databaseFile);
  migrate(db, migrations);
  releaseOrphanedClaims(db);
  if (config.demoData && !hasResults(db)) {
    const started = performance.now();
    const demo = seedDemoState(db);
    console.log(
      `Loaded the demo state into the empty database: ${demo.athletes} athletes, ${demo.tournaments} tournaments, ` +
        `${demo.supermatches} supermatches (${Math.round(performance.now() - started)} ms).`,
    );
    // The demo events (issue 6), into the same empty database.
    seedDemoEvents(db);
    // The featured event's supermatch card and tonight's practice session (issue 13).
    seedDemoCards(db);
    // A few results, an event and feedback waiting for the demo admin.
    seedDemoSubmissions(db);
  }

  const { auth } = config;
  const authConfig: AuthConfig = {
    authority: auth.issuer,
    client_id: auth.clientId,
    audience: auth.audience,
    embedded: auth.kind === 'embedded',
  };
  const issuerOrigin = new URL(auth.issuer).origin;
  const headers = securityHeaders({ issuerOrigin });

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
  if (provider) {
    for (const account of DEMO_ACCOUNTS) {
      if (account.role !== 'user') grantRole(db, account.email, account.role);
    }
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

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (provider && (url === OIDC_MOUNT || url.startsWith(`${OIDC_MOUNT}/`) || url.startsWith(`${OIDC_MOUNT}?`))) {
      provider.handle(req, res);
    } else {
      void honoListener(req, res);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Housekeeping (old idempotency keys) and the chat-webhook queue, whose state is in the database.
  const stopMaintenance = startMaintenance(db);
  const stopWebhook = config.chatWebhookUrl ? startWebhookWorker(db, { url: config.chatWebhookUrl }) : undefined;
  return {
    server,
    db,
    url: config.publicUrl,
    close: async () => {
      provider?.stop();
      stopMaintenance();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopWebhook?.();
      db.close();
    },
  };
}
