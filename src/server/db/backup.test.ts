import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { nextBackupInMs, startMaintenance } from '../jobs/maintenance.ts';
import { createHarness } from '../test/harness.ts';
import { DatabaseInUse, restoreDatabase, scheduledBackups, takeScheduledBackup, writeBackup } from './backup.ts';
import { UploadRefused } from './upload-check.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const liveFile = () => path.join(h.dir, 'app.db');

/** Opens a backup read-only and answers its integrity check and its feedback rows' names. */
function readCopy(file: string): { integrity: unknown; names: string[]; walBeside: boolean } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      names: db.prepare('SELECT name FROM feedback ORDER BY id').pluck().all() as string[],
      walBeside: fs.existsSync(`${file}-wal`),
    };
  } finally {
    db.close();
  }
}

const insertFeedback = (db: Database.Database, name: string, text = 'Great rankings') =>
  db
    .prepare("INSERT INTO feedback (text, name, submitter_ip, created_at) VALUES (?, ?, '127.0.0.1', ?)")
    .run(text, name, new Date().toISOString());

/** Every batch of the writer is two rows in one transaction: a consistent copy never holds half of one. */
function batchesOf(names: string[]): Map<string, number> {
  const batches = new Map<string, number>();
  for (const n of names) batches.set(n, (batches.get(n) ?? 0) + 1);
  return batches;
}

/**
 * Another process writing to the database the whole time, like a busy
 * server beside `npm run backup`: a transaction of two feedback rows named
 * after the batch, over and over. Resolves once it has written its first batches.
 */
function startWriter(file: string): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    const add = db.prepare("INSERT INTO feedback (text, name, submitter_ip, created_at) VALUES ('x', ?, '', '')");
    const batch = db.transaction((n) => { add.run('batch-' + n); add.run('batch-' + n); });
    let n = 0;
    const loop = () => { for (let i = 0; i < 20; i++) batch(++n); if (n === 100) console.log('writing'); setImmediate(loop); };
    loop();`;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', () => resolve(child));
  });
}

describe('backups', () => {
  it('a backup taken while another process keeps writing is intact and holds every batch committed before it', async () => {
    const writer = await startWriter(liveFile());
    try {
      for (let i = 0; i < 3; i++) {
        const before = h.db.prepare('SELECT COUNT(*) FROM feedback').pluck().get() as number;
        const file = path.join(h.dir, `copy-${i}.db`);
        await writeBackup(h.db, file, { oneStep: true });
        const copy = readCopy(file);
        expect(copy.integrity).toBe('ok');
        expect(copy.walBeside).toBe(false);
        expect(copy.names.length).toBeGreaterThanOrEqual(before);
        expect([...batchesOf(copy.names).values()].every((rows) => rows === 2)).toBe(true);
      }
      // The writer really was writing meanwhile.
      expect(h.db.prepare('SELECT COUNT(*) FROM feedback').pluck().get()).toBeGreaterThan(
        readCopy(path.join(h.dir, 'copy-0.db')).names.length,
      );
    } finally {
      writer.kill();
    }
  });

  it("the server's own step-by-step backup carries in the writes it makes meanwhile", async () => {
    // A database of many pages, so the copy takes many turns of the event loop.
    const fill = h.db.transaction(() => {
      for (let i = 0; i < 400; i++) insertFeedback(h.db, `old-${i}`, 'x'.repeat(3000));
    });
    fill();
    let writes = 0;
    let done = false;
    const copying = writeBackup(h.db, path.join(h.dir, 'server-copy.db')).finally(() => {
      done = true;
    });
    const writeOne = () => {
      if (done) return;
      insertFeedback(h.db, `during-${++writes}`);
      setImmediate(writeOne);
    };
    setImmediate(writeOne);
    await copying;
    expect(writes).toBeGreaterThan(0);
    const copy = readCopy(path.join(h.dir, 'server-copy.db'));
    expect(copy.integrity).toBe('ok');
    expect(copy.names).toEqual(h.db.prepare('SELECT name FROM feedback ORDER BY id').pluck().all());
  });

  it('never leaves a half-written file under the backup name, nor a temporary one after a failure', async () => {
    const target = path.join(h.dir, 'nightly.db');
    await writeBackup(h.db, target);
    expect(fs.readdirSync(h.dir).filter((n) => n.includes('nightly'))).toEqual(['nightly.db']);
    // A copy that fails at the last step (here: the name is taken by a folder) leaves no temporary file behind.
    const taken = path.join(h.dir, 'taken.db');
    fs.mkdirSync(taken);
    fs.writeFileSync(path.join(taken, 'x'), 'x');
    await expect(writeBackup(h.db, taken)).rejects.toThrow();
    expect(fs.readdirSync(h.dir).filter((n) => n.includes('taken'))).toEqual(['taken.db']);
  });

  it('scheduled backups have timestamped names and keep the newest N, leaving other files alone', async () => {
    const dir = path.join(h.dir, 'scheduled');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 24, hour));
    for (let hour = 0; hour < 5; hour++) {
      insertFeedback(h.db, `hour-${hour}`);
      await takeScheduledBackup(h.db, { dir, keep: 3 }, at(hour));
    }
    expect(scheduledBackups(dir)).toEqual([
      'scheduled-2026-11-24T04-00-00-000Z.db',
      'scheduled-2026-11-24T03-00-00-000Z.db',
      'scheduled-2026-11-24T02-00-00-000Z.db',
    ]);
    expect(fs.readdirSync(dir).sort()).toEqual([...scheduledBackups(dir), 'notes.txt'].sort());
    expect(readCopy(path.join(dir, 'scheduled-2026-11-24T02-00-00-000Z.db')).names).toEqual([
      'hour-0',
      'hour-1',
      'hour-2',
    ]);
  });

  it('the server takes a scheduled backup at start when the newest is older than the interval, and not otherwise', async () => {
    const dir = path.join(h.dir, 'scheduled');
    const log = { info: vi.fn(), warn: vi.fn() };
    const stop = startMaintenance(h.db, { backups: { dir, everyHours: 24, keep: 2 }, log });
    await vi.waitFor(() => expect(scheduledBackups(dir)).toHaveLength(1));
    stop();
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Backup written: .*scheduled-.*\.db/));
    expect(log.warn).not.toHaveBeenCalled();

    // Restarted within the interval: the next one is due an interval after the newest.
    const day = 24 * 3_600_000;
    const wait = nextBackupInMs(dir, day);
    expect(wait).toBeGreaterThan(day - 60_000);
    expect(wait).toBeLessThanOrEqual(day);

    // Restarted when the newest is a day old: due now, and taken at start.
    const old = new Date(Date.now() - 25 * 3_600_000);
    fs.utimesSync(path.join(dir, scheduledBackups(dir)[0]!), old, old);
    expect(nextBackupInMs(dir, day)).toBe(0);
    const restarted = startMaintenance(h.db, { backups: { dir, everyHours: 24, keep: 2 }, log });
    await vi.waitFor(() => expect(scheduledBackups(dir)).toHaveLength(2));
    restarted();
  });

  it('BACKUP_DIR turns scheduled backups on; the other two need it and are checked', () => {
    expect(loadConfig({}).backups).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: 'bk' }).backups).toEqual({ dir: path.resolve('bk'), everyHours: 24, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: 'bk', BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '30' }).backups).toMatchObject({
      everyHours: 0.5,
      keep: 30,
    });
    expect(() => loadConfig({ BACKUP_KEEP: '3' })).toThrow(/BACKUP_KEEP.*set BACKUP_DIR/);
    expect(() => loadConfig({ BACKUP_DIR: 'bk', BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_KEEP \(got "0"\): must be at least 1/,
    );
    expect(() => loadConfig({ BACKUP_DIR: 'bk', BACKUP_EVERY_HOURS: 'daily' })).toThrow(/BACKUP_EVERY_HOURS/);
  });
});

const names = (db: Database.Database) => db.prepare('SELECT name FROM feedback ORDER BY id').pluck().all();

describe('restore', () => {
  it('refuses a file that is not a database of this app, and leaves the database untouched', async () => {
    insertFeedback(h.db, 'kept');
    h.db.close();
    const restore = (source: string) => restoreDatabase({ source, databaseFile: liveFile(), dataDir: h.dir });
    const garbage = path.join(h.dir, 'garbage.db');
    fs.writeFileSync(garbage, 'not a database at all');
    await expect(restore(garbage)).rejects.toThrow(new UploadRefused('The file is not an SQLite database.'));
    const foreign = path.join(h.dir, 'foreign.db');
    new Database(foreign).exec('CREATE TABLE notes (x)').close();
    await expect(restore(foreign)).rejects.toThrow(/not made by this app/);

    const live = new Database(liveFile(), { readonly: true });
    expect(names(live)).toEqual(['kept']);
    live.close();
    // Refused before anything was done: not even a before-restore copy.
    expect(fs.existsSync(path.join(h.dir, 'backups'))).toBe(false);
  });

  it('refuses while the server has the database open, saying to stop it', async () => {
    const backup = path.join(h.dir, 'backup.db');
    await writeBackup(h.db, backup);
    insertFeedback(h.db, 'after the backup');
    const restoring = restoreDatabase({ source: backup, databaseFile: liveFile(), dataDir: h.dir });
    await expect(restoring).rejects.toThrow(DatabaseInUse);
    await expect(restoring).rejects.toThrow(/Stop the server/);
    expect(names(h.db)).toEqual(['after the backup']);
  });
});

describe('the restore drill (docs/operations.md: Backups and restore)', () => {
  /** Runs one of the package's commands as an operator would, against the test's data folder. */
  function npmRun(script: 'backup' | 'restore', file: string) {
    return new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, file], {
        cwd: process.cwd(),
        env: { ...process.env, DATA_DIR: h.dir, NODE_ENV: 'test' },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', (code) => resolve({ code, out }));
    });
  }

  // Three commands, each a Node process of its own: slower than the rest.
  it('back up, add data, restore: the data is as it was at backup time', { timeout: 90_000 }, async () => {
    insertFeedback(h.db, 'before the backup');
    const backup = path.join(h.dir, 'drill', 'rankings-backup.db');

    // 1. While the server runs: npm run backup -- <file>
    const backedUp = await npmRun('backup', backup);
    expect(backedUp.out).toMatch(/Backed up .*app\.db to .*rankings-backup\.db \(\d+ bytes; integrity check ok\)/);
    expect(backedUp.code).toBe(0);

    // 2. Data changes afterwards.
    insertFeedback(h.db, 'after the backup');

    // 3. A restore while the server runs is refused and changes nothing.
    const refused = await npmRun('restore', backup);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Not restored: .*Stop the server.*\nThe database was not changed\./s);
    expect(names(h.db)).toEqual(['before the backup', 'after the backup']);

    // 4. Stop the server, then: npm run restore -- <file>
    h.db.close();
    const restored = await npmRun('restore', backup);
    expect(restored.out).toMatch(/Restored .*app\.db from .*rankings-backup\.db/);
    expect(restored.code).toBe(0);

    // 5. Start again: the data is as at backup time; the replaced data is kept in a before-restore copy.
    const live = new Database(liveFile(), { readonly: true });
    expect(names(live)).toEqual(['before the backup']);
    expect(live.pragma('integrity_check', { simple: true })).toBe('ok');
    live.close();
    const [saved] = fs.readdirSync(path.join(h.dir, 'backups'));
    expect(saved).toMatch(/^before-restore-.*\.db$/);
    expect(readCopy(path.join(h.dir, 'backups', saved!)).names).toEqual(['before the backup', 'after the backup']);
  });
});
