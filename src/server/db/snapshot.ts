import path from 'node:path';
import Database from 'better-sqlite3';
import { backupFileName, writeBackup } from './backup.ts';
import type { Db } from './connection.ts';
import { removeInstanceSecrets } from './instance-secrets.ts';

/**
 * Copies of the live database, taken with SQLite's online backup: it copies a
 * few pages per turn of the event loop, so the app keeps answering meanwhile,
 * and the copy is one consistent moment (a write during the copy, made through
 * the same connection, is carried into the copy as it goes).
 */

/** Saves a full copy, secrets included, under `dir` with the time in its name (backup.ts); the file's path. */
export async function saveBackup(db: Db, dir: string, now = new Date()): Promise<string> {
  return (await writeBackup(db, path.join(dir, backupFileName('app', now)))).file;
}

/**
 * Writes a copy to hand out into `file`: without this server's sign-in secrets,
 * as one self-contained file (no write-ahead log beside it), and vacuumed, so
 * no deleted row survives in a free page.
 */
export async function writeDownloadCopy(db: Db, file: string): Promise<void> {
  await db.backup(file);
  const copy = new Database(file);
  try {
    removeInstanceSecrets(copy);
    copy.pragma('journal_mode = DELETE');
    copy.exec('VACUUM');
  } finally {
    copy.close();
  }
}
