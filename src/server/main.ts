import { ConfigError, loadConfig } from './config.ts';
import { MigrationError } from './db/migrate.ts';
import { startServer } from './server.ts';

/** `npm start` / `npm run serve`: configuration errors and failed migrations stop the process with a clear message. */
async function main() {
  const config = loadConfig();
  const running = await startServer(config);
  const signIn = config.auth.kind === 'embedded' ? 'embedded demo sign-in at /oidc' : `sign-in via ${config.auth.issuer}`;
  console.log(`Arm-wrestling rankings on ${running.url} (database ${config.databaseFile}; ${signIn})`);
  const shutdown = () => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    console.error(err.message);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Cannot start: the port is already in use (${(err as Error).message}). Set PORT to another port.`);
  } else {
    console.error('Cannot start:', err);
  }
  process.exit(1);
});
