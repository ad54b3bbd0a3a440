import type { Db } from '../db/connection.ts';
import { deleteExpiredIdempotencyKeys, KEEP_KEYS_DAYS } from '../http/idempotency.ts';

/**
 * Daily housekeeping, run once at start and then every day: forgets
 * idempotency keys older than 30 days (an outbox never retries that late) and
 * chat messages delivered more than 30 days ago.
 */
export function runMaintenance(db: Db, now = Date.now()) {
  const keys = deleteExpiredIdempotencyKeys(db, now);
  const deliveries = db
    .prepare('DELETE FROM webhook_deliveries WHERE delivered_at IS NOT NULL AND delivered_at < ?')
    .run(new Date(now - KEEP_KEYS_DAYS * 86_400_000).toISOString()).changes;
  return { keys, deliveries };
}

/** Runs maintenance now and every `intervalMs` (default a day); returns a stop function. */
export function startMaintenance(db: Db, opts: { intervalMs?: number; log?: (m: string) => void } = {}): () => void {
  const log = opts.log ?? ((m: string) => console.warn(m));
  const run = () => {
    try {
      runMaintenance(db);
    } catch (err) {
      log(`Maintenance failed: ${(err as Error).message}`);
    }
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? 86_400_000).unref();
  return () => clearInterval(timer);
}
