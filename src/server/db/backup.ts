import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, type Db } from './connection.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations.ts';
import { replaceContents } from './replace.ts';
import { checkUpload } from './upload-check.ts';

/**
 * Backups and restore of the database file.
 *
 * A backup is SQLite's online backup of a live connection: the copy is one
 * consistent moment even while the server keeps writing. It is written under
 * a temporary name beside the target and renamed into place only once it is
 * whole and passed SQLite's integrity check, so a crash or a full disk never
 * leaves a half-written file under a backup's name. The copy is one
 * self-contained file (no write-ahead log beside it) with everything in it,
 * this server's sign-in keys included: keep backups private.
 *
 * A restore puts a backup's data back. It refuses to run while anything has
 * the database open (the server): it takes SQLite's exclusive lock first, and
 * holds it, so a server cannot start in the middle either. The file passes the
 * same checks as a database upload on the admin screen (a real SQLite file,
 * intact, made by this app, migrated forward when older) and then replaces
 * the data the same way, in one transaction: a refusal or a failure leaves the
 * database as it was. Before replacing, the current data is saved as a
 * before-restore copy beside the scheduled backups' default folder.
 */

/** `{prefix}-2026-11-24T09-00-00-000Z.db`: names sort by the time they were taken. */
export function backupFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().replace(/[:.]/g, '-')}.db`;
}

export interface WrittenBackup {
  file: string;
  bytes: number;
}

/** Pages per step of the copy: as many as there are, so the whole copy is one step. */
const ALL_PAGES = 0x7fffffff;

/**
 * Writes a consistent copy of `db` to `file` (replacing a file of that name
 * only once the copy is complete and checked).
 *
 * `oneStep` copies every page in one go: use it when other processes write to
 * the database (the command line beside a running server), as SQLite starts an
 * incremental copy over whenever another connection writes. Without it the
 * copy goes a hundred pages per turn of the event loop, so a server keeps
 * answering while it backs itself up; its own writes meanwhile are carried
 * into the copy.
 */
export async function writeBackup(db: Db, file: string, opts: { oneStep?: boolean } = {}): Promise<WrittenBackup> {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const partial = path.join(dir, `.${path.basename(file)}.${process.pid}.partial`);
  fs.rmSync(partial, { force: true });
  try {
    await (opts.oneStep ? db.backup(partial, { progress: () => ALL_PAGES }) : db.backup(partial));
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check(1)', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed SQLite's integrity check: ${String(check)}.`);
    } finally {
      copy.close();
    }
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** Where scheduled backups go, how often and how many are kept. */
export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

export const SCHEDULED_PREFIX = 'scheduled';
const SCHEDULED_NAME = /^scheduled-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/;

/** The scheduled backups in `dir`, newest first (other files there are not ours and are left alone). */
export function scheduledBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort()
    .reverse();
}

/** When the newest scheduled backup in `dir` was taken (ms), or null when there is none. */
export function newestScheduledBackupAt(dir: string): number | null {
  const newest = scheduledBackups(dir)[0];
  return newest ? fs.statSync(path.join(dir, newest)).mtimeMs : null;
}

/** Takes a scheduled backup now and removes the oldest beyond `keep`. Answers the new file and the removed names. */
export async function takeScheduledBackup(
  db: Db,
  schedule: Pick<BackupSchedule, 'dir' | 'keep'>,
  now = new Date(),
): Promise<WrittenBackup & { removed: string[] }> {
  const written = await writeBackup(db, path.join(schedule.dir, backupFileName(SCHEDULED_PREFIX, now)));
  const removed = scheduledBackups(schedule.dir).slice(schedule.keep);
  for (const name of removed) fs.rmSync(path.join(schedule.dir, name), { force: true });
  return { ...written, removed };
}

/** The restore was not done because the server (or another process) has the database open. */
export class DatabaseInUse extends Error {}

export interface Restored {
  /** The copy of the data as it was before the restore. */
  beforeRestore: string;
  /** The file's schema version as given, and after migrating forward. */
  level: number;
  schemaVersion: number;
}

/**
 * Replaces the data in `databaseFile` with the backup `source` (see the header
 * for the rules). Throws UploadRefused with the reason when the file is not
 * one this app can take, DatabaseInUse when the database is open elsewhere;
 * either way the database is left as it was.
 */
export async function restoreDatabase(opts: {
  source: string;
  databaseFile: string;
  dataDir: string;
  now?: Date;
}): Promise<Restored> {
  const { source, databaseFile, dataDir } = opts;
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) throw new Error(`There is no file ${source}.`);
  // The checks migrate an older file forward in place: they work on a private copy, beside the database.
  const scratchRoot = path.join(dataDir, 'tmp');
  fs.mkdirSync(scratchRoot, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(scratchRoot, 'restore-'));
  try {
    const copy = path.join(scratch, 'restore.db');
    fs.copyFileSync(source, copy);
    const checked = checkUpload(copy, migrations);

    const live = openDatabase(databaseFile);
    try {
      lockExclusively(live, databaseFile);
      migrate(live, migrations);
      const before = await writeBackup(live, path.join(dataDir, 'backups', backupFileName('before-restore', opts.now)));
      replaceContents(live, copy);
      return { beforeRestore: before.file, level: checked.level, schemaVersion: checked.schemaVersion };
    } finally {
      live.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Takes SQLite's exclusive lock on the database and keeps it until the
 * connection closes. In write-ahead-log mode the lock is refused while any
 * other connection has the file open, even one doing nothing: that is how a
 * running server is detected.
 */
function lockExclusively(db: Db, file: string): void {
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (err) {
    if (
      err instanceof Database.SqliteError &&
      (err.code.startsWith('SQLITE_BUSY') || err.code.startsWith('SQLITE_LOCKED'))
    ) {
      throw new DatabaseInUse(
        `The database ${file} is open in another process, most likely the running server. ` +
          'Stop the server, then run the restore again (or, with the server running, use the admin screen: ' +
          'Developer Database Tools, Upload & Replace DB).',
      );
    }
    throw err;
  }
  db.pragma('busy_timeout = 5000');
}
