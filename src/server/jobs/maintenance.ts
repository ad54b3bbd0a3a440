import type { Db } from '../db/connection.ts';
import { newestScheduledBackupAt, takeScheduledBackup, type BackupSchedule } from '../db/backup.ts';
import { sweepOrphanUploads } from '../events/images.ts';
import { deleteExpiredIdempotencyKeys, KEEP_KEYS_DAYS } from '../http/idempotency.ts';
import { log as serverLog, type Logger } from '../log.ts';

/**
 * Daily housekeeping, run once at start and then every day: forgets
 * idempotency keys older than 30 days (an outbox never retries that late) and
 * chat messages delivered more than 30 days ago, and deletes uploaded pictures
 * that no row points at any more. Scheduled backups run on their own clock.
 */
export function runMaintenance(db: Db, now = Date.now()) {
  const keys = deleteExpiredIdempotencyKeys(db, now);
  const deliveries = db
    .prepare('DELETE FROM webhook_deliveries WHERE delivered_at IS NOT NULL AND delivered_at < ?')
    .run(new Date(now - KEEP_KEYS_DAYS * 86_400_000).toISOString()).changes;
  const pictures = sweepOrphanUploads(db, { now }).length;
  return { keys, deliveries, pictures };
}

/** The longest wait a Node timer takes (about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** How long until the next scheduled backup is due: 0 when none was taken yet or the newest is `everyMs` old. */
export function nextBackupInMs(dir: string, everyMs: number, now = Date.now()): number {
  const newest = newestScheduledBackupAt(dir);
  return newest === null ? 0 : Math.max(0, newest + everyMs - now);
}

/** Where the jobs report: what they did (info) and what failed (warn); the server's logger unless a test listens. */
type JobLog = Pick<Logger, 'info' | 'warn'>;

/**
 * Takes a backup whenever the newest scheduled one in the folder is older than
 * the interval (so at once on the first start, and a restarted server keeps
 * the rhythm instead of starting it over), then waits for the next one.
 * Returns a stop function.
 */
export function startScheduledBackups(db: Db, schedule: BackupSchedule, log: JobLog): () => void {
  const everyMs = schedule.everyHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    if (nextBackupInMs(schedule.dir, everyMs) === 0) {
      try {
        const { file, bytes, removed } = await takeScheduledBackup(db, schedule);
        log.info(
          `Backup written: ${file} (${bytes} bytes)${removed.length ? `; removed ${removed.length} older` : ''}.`,
        );
      } catch (err) {
        log.warn(`Scheduled backup into ${schedule.dir} failed: ${(err as Error).message}`);
      }
    }
    if (stopped) return;
    // After a failure (no new file) the next try is one interval later, not at once.
    const wait = nextBackupInMs(schedule.dir, everyMs) || everyMs;
    timer = setTimeout(() => void tick(), Math.min(wait, MAX_TIMER_MS)).unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Runs maintenance now and every `intervalMs` (default a day), and scheduled backups if set; returns a stop function. */
export function startMaintenance(
  db: Db,
  opts: { intervalMs?: number; log?: JobLog; backups?: BackupSchedule | undefined } = {},
): () => void {
  const log = opts.log ?? serverLog;
  const run = () => {
    try {
      runMaintenance(db);
    } catch (err) {
      log.warn(`Maintenance failed: ${(err as Error).message}`);
    }
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? 86_400_000).unref();
  const stopBackups = opts.backups ? startScheduledBackups(db, opts.backups, log) : undefined;
  return () => {
    clearInterval(timer);
    stopBackups?.();
  };
}
