import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseInUse, restoreDatabase } from '../db/backup.ts';
import { UploadRefused } from '../db/upload-check.ts';

/**
 * `npm run restore -- <file>`: puts a backup's data back into the database
 * (DATA_DIR's app.db). Only with the server stopped; the file must pass the
 * checks of the admin screen's database upload. See db/backup.ts.
 */
const usage = `Usage:
  npm run restore -- <file>

  Replaces the data in the database (DATA_DIR/app.db) with the backup <file>.
  Stop the server first. The current data is saved to DATA_DIR/backups/before-restore-<time>.db first.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const source = path.resolve(args[0]!);
  try {
    const restored = await restoreDatabase({ source, databaseFile: config.databaseFile, dataDir: config.dataDir });
    console.log(
      `Restored ${config.databaseFile} from ${source} (schema version ${restored.level}` +
        `${restored.level < restored.schemaVersion ? `, migrated to ${restored.schemaVersion}` : ''}).\n` +
        `The data as it was before the restore is in ${restored.beforeRestore}.\n` +
        'This server kept its own sign-in keys and sessions. Start the server again.',
    );
    return 0;
  } catch (err) {
    if (err instanceof UploadRefused || err instanceof DatabaseInUse) {
      console.error(`Not restored: ${err.message}\nThe database was not changed.`);
      return 1;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError
        ? err.message
        : `Restore failed: ${(err as Error).message}\nThe database was not changed.`,
    );
    process.exit(1);
  },
);
