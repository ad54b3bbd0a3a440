import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.ts';
import { writeBackup } from '../db/backup.ts';

/**
 * `npm run backup -- <file>`: a consistent copy of the database (DATA_DIR's
 * app.db) into <file>, safe while the server runs. The copy is checked before
 * it takes the file's name; an existing file of that name is replaced.
 */
const usage = `Usage:
  npm run backup -- <file>

  Writes a consistent copy of the database (DATA_DIR/app.db) to <file>, also while the server runs.
  The copy holds everything, the server's sign-in keys included: keep it private.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const target = path.resolve(args[0]!);
  const { databaseFile } = loadConfig();
  if (!fs.existsSync(databaseFile)) {
    console.error(`There is no database at ${databaseFile}: set DATA_DIR to the server's data folder.`);
    return 1;
  }
  if (target === databaseFile) {
    console.error('The backup cannot be the database itself: name another file.');
    return 2;
  }
  const db = new Database(databaseFile, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // In one step: the server's writes in another process would start an incremental copy over and over.
    const { file, bytes } = await writeBackup(db, target, { oneStep: true });
    console.log(`Backed up ${databaseFile} to ${file} (${bytes} bytes; integrity check ok).`);
    return 0;
  } finally {
    db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `Backup failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
