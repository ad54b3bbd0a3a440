import { ConfigError, loadConfig } from './config.ts';
import { MigrationError } from './db/migrate.ts';
import { errorFields, log, startFailed } from './log.ts';
import { startServer } from './server.ts';

/**
 * `npm start` / `npm run serve`: configuration errors and failed migrations
 * stop the process with a clear message in plain words. Once running, it
 * speaks through the server's logger (one JSON line each): a newcomer sees
 * where the app is, what the demo sign-in means, and nothing else unless
 * something goes wrong.
 */
async function main() {
  const config = loadConfig();
  const running = await startServer(config);
  const signIn =
    config.auth.kind === 'embedded' ? 'embedded demo sign-in at /oidc' : `sign-in via ${config.auth.issuer}`;
  log.info(
    `Arm-wrestling rankings on ${running.url} (listening on ${config.host}:${config.port}; ` +
      `database ${config.databaseFile}; ${signIn})`,
  );
  if (config.auth.kind === 'embedded') log.warn(demoSignInWarning(config.host, config.demoData));

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A second Ctrl-C stops at once; what was answered is already safe in the database.
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: no new connections; finishing the requests in flight, then closing the database.`);
    running.close().then(
      () => {
        log.info('Stopped.');
        process.exit(0);
      },
      (err: unknown) => {
        log.error('Shutdown failed.', errorFields(err));
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/**
 * The start line's warning while the demo sign-in is on, in plain words. Without demo data the demo accounts
 * hold no roles (auth/demo-roles.ts), so nobody signs in as admin that way.
 */
function demoSignInWarning(host: string, demoData: boolean): string {
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
  const who = loopback
    ? 'Only this computer can open it (set HOST, e.g. HOST=0.0.0.0, to let other computers in).'
    : `It listens on ${host}, so every computer that can reach this one can open it.`;
  const as = demoData
    ? 'as admin, or as any other demo account,'
    : 'as any demo account (they hold no roles while DEMO_DATA is off)';
  return `Warning: demo sign-in is on. Anyone who can open this page can sign in ${as} without a password. ${who}`;
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    startFailed(err.message);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    startFailed(`Cannot start: the port is already in use (${(err as Error).message}). Set PORT to another port.`);
  } else {
    startFailed(`Cannot start: ${(err as Error).stack ?? String(err)}`);
  }
  process.exit(1);
});
