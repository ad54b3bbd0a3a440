import type { Db } from '../db/connection.ts';
import { log as logger } from '../log.ts';
import type { WebhookMessage } from './webhook-messages.ts';

/**
 * Chat-webhook delivery from a queue in the database (webhook_deliveries).
 * A submission's message is enqueued in the same transaction that stores the
 * submission, so nothing is forwarded for a row that was not stored, and
 * nothing stored is forgotten by a restart: the worker picks up whatever is due.
 *
 * Delivery is at least once: a row is marked delivered only after a 2xx. Rows
 * go one at a time, the earliest due first; a failure backs that row off
 * (exponential from 5 s, capped at 1 h, with jitter) and ends the pass, since
 * the next would most likely fail too. A 429 pushes every waiting row past its
 * Retry-After. Before sending, a row is leased (its next attempt moved past
 * the send timeout), so a second process on the same database never sends it
 * at the same time, and a process that dies mid-send sends it again later.
 */

export const BASE_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 3_600_000;
const TIMEOUT_MS = 10_000;
const LEASE_MS = 30_000;

export interface WebhookOptions {
  url: string;
  fetch?: typeof fetch | undefined;
  /** Pause between passes over the queue. */
  intervalMs?: number | undefined;
  now?: (() => number) | undefined;
  /** 0..1; jitter source (tests make it fixed). */
  random?: (() => number) | undefined;
  timeoutMs?: number | undefined;
  log?: ((message: string) => void) | undefined;
}

interface DeliveryRow {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  next_attempt_at: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function enqueueWebhook(db: Db, kind: string, message: WebhookMessage, now = Date.now()): number {
  const at = iso(now);
  return Number(
    db
      .prepare(
        'INSERT INTO webhook_deliveries (kind, payload, attempts, next_attempt_at, created_at) VALUES (?, ?, 0, ?, ?)',
      )
      .run(kind, JSON.stringify(message), at, at).lastInsertRowid,
  );
}

/** Delay before attempt `attempts + 1`, after `attempts` failures: 5 s, 10 s, 20 s, … 1 h, each shortened by up to 20 %. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 - 0.2 * random()));
}

/** Retry-After as seconds or an HTTP date; Discord also puts `retry_after` (seconds) in the body. */
async function retryAfterMs(res: Response, now: number): Promise<number | undefined> {
  const header = res.headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) return Number(header) * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  try {
    const body = (await res.json()) as { retry_after?: unknown };
    if (typeof body.retry_after === 'number' && body.retry_after >= 0) return body.retry_after * 1000;
  } catch {
    // no JSON body
  }
  return undefined;
}

/**
 * One pass: delivers due rows one at a time until none is due or one fails.
 * Returns what happened, for tests and logs.
 */
export async function deliverDueWebhooks(
  db: Db,
  opts: WebhookOptions & { signal?: AbortSignal | undefined },
): Promise<{ delivered: number; failed: number }> {
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const nextDue = db.prepare<[string], DeliveryRow>(
    `SELECT id, kind, payload, attempts, next_attempt_at FROM webhook_deliveries
     WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1`,
  );
  const lease = db.prepare(
    'UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND next_attempt_at = ? AND delivered_at IS NULL',
  );
  const delivered = db.prepare(
    'UPDATE webhook_deliveries SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?',
  );
  const failed = db.prepare(
    'UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?',
  );
  const holdAll = db.prepare(
    'UPDATE webhook_deliveries SET next_attempt_at = MAX(next_attempt_at, ?) WHERE delivered_at IS NULL',
  );

  const result = { delivered: 0, failed: 0 };
  while (!opts.signal?.aborted) {
    const t = now();
    const row = nextDue.get(iso(t));
    if (!row) break;
    if (lease.run(iso(t + timeoutMs + LEASE_MS), row.id, row.next_attempt_at).changes !== 1) continue;

    let error: string;
    let retryMs: number | undefined;
    try {
      const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: row.payload,
        signal: AbortSignal.any(signals),
      });
      if (res.ok) {
        await res.body?.cancel();
        delivered.run(iso(now()), row.id);
        result.delivered++;
        continue;
      }
      error = `HTTP ${res.status}`;
      if (res.status === 429) retryMs = await retryAfterMs(res, now());
      else await res.body?.cancel();
    } catch (err) {
      error = (err as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (err as Error).message;
    }
    const t2 = now();
    const delay =
      retryMs !== undefined ? Math.min(MAX_DELAY_MS, Math.max(1000, retryMs)) : backoffMs(row.attempts + 1, random);
    db.transaction(() => {
      failed.run(iso(t2 + delay), error.slice(0, 500), row.id);
      if (retryMs !== undefined) holdAll.run(iso(t2 + delay));
    })();
    result.failed++;
    opts.log?.(
      `Chat webhook delivery ${row.id} (${row.kind}) failed, attempt ${row.attempts + 1}: ${error}; next try in ${Math.round(delay / 1000)} s.`,
    );
    break;
  }
  return result;
}

/**
 * Runs passes every `intervalMs` (default 2 s) until stopped. The returned
 * function stops it, aborting a send in flight, and resolves once the
 * current pass has written its outcome (so the database may then be closed).
 */
export function startWebhookWorker(db: Db, opts: WebhookOptions): () => Promise<void> {
  const intervalMs = opts.intervalMs ?? 2_000;
  const stop = new AbortController();
  const log = opts.log ?? ((m: string) => logger.warn(m));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = deliverDueWebhooks(db, { ...opts, log, signal: stop.signal })
      .then(
        () => undefined,
        (err: unknown) => log(`Chat webhook worker pass failed: ${(err as Error).message}`),
      )
      .finally(() => {
        if (!stop.signal.aborted) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();

  return async () => {
    stop.abort();
    clearTimeout(timer);
    await running;
  };
}
