import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/connection.ts';
import { errorBody, HttpError } from './errors.ts';

/**
 * Idempotency-Key for the submission POSTs (the outbox sends every entry with
 * a key made once, and repeats it after any doubt).
 *
 * The middleware claims (route, key) with a 'processing' row, then the handler
 * validates and finally calls `completeIdempotent(c, work)`: `work` (the row
 * insert, the webhook enqueue) and the key's 'done' record with the answer run
 * in ONE SQLite transaction, so a crash can never leave a stored submission
 * without its key (a repeat would store it twice) or a key without its row (a
 * repeat would be told 'stored' for nothing). better-sqlite3 is synchronous,
 * so `work` must be too: do the async parts (body, token) before it.
 *
 * A request that ends without completing (validation 400, rate limit 429, a
 * crash in the handler) removes its claim, so the same key can be sent again.
 * A claim left by a dead process goes stale after `staleAfterMs` and is taken over.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;
export const KEEP_KEYS_DAYS = 30;

export interface Completion {
  status: ContentfulStatusCode;
  body: unknown;
}

export interface IdempotencyVariables {
  idempotency: { complete: (work: () => Completion) => Completion };
}

interface KeyRow {
  body_hash: string;
  state: 'processing' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

export function idempotency(
  db: Db,
  opts: { route: string; now?: () => number; staleAfterMs?: number },
): MiddlewareHandler<{ Variables: IdempotencyVariables }> {
  const now = opts.now ?? Date.now;
  const staleAfterMs = opts.staleAfterMs ?? 60_000;
  const { route } = opts;
  const select = db.prepare<[string, string], KeyRow>(
    'SELECT body_hash, state, response_status, response_body, created_at FROM idempotency_keys WHERE route = ? AND key = ?',
  );
  const claimStmt = db.prepare(
    `INSERT INTO idempotency_keys (route, key, body_hash, state, created_at) VALUES (?, ?, ?, 'processing', ?)
     ON CONFLICT (route, key) DO UPDATE SET body_hash = excluded.body_hash, created_at = excluded.created_at
     WHERE state = 'processing'`,
  );
  const finish = db.prepare(
    `UPDATE idempotency_keys SET state = 'done', response_status = ?, response_body = ?
     WHERE route = ? AND key = ? AND state = 'processing' AND created_at = ?`,
  );
  const release = db.prepare(
    "DELETE FROM idempotency_keys WHERE route = ? AND key = ? AND state = 'processing' AND created_at = ?",
  );

  /** The stored row, or null once this request holds a fresh claim. */
  const claim = db.transaction((key: string, hash: string, at: string, staleBefore: string): KeyRow | null => {
    const row = select.get(route, key);
    if (row && !(row.state === 'processing' && row.created_at < staleBefore)) return row;
    claimStmt.run(route, key, hash, at);
    return null;
  });

  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !KEY_PATTERN.test(key)) {
      throw new HttpError(400, 'invalid_input', 'The request needs an Idempotency-Key header.', {
        [IDEMPOTENCY_HEADER]: [key === undefined ? 'Required.' : 'Use 1 to 200 characters: letters, digits, - and _.'],
      });
    }
    const hash = crypto
      .createHash('sha256')
      .update(new Uint8Array(await c.req.arrayBuffer()))
      .digest('hex');
    const t = now();
    const at = new Date(t).toISOString();
    const existing = claim.immediate(key, hash, at, new Date(t - staleAfterMs).toISOString());

    if (existing) {
      if (existing.body_hash !== hash) {
        return c.json(
          errorBody('idempotency_key_reused', 'This Idempotency-Key was already used for a different request.', {
            [IDEMPOTENCY_HEADER]: ['Make a new key for a new submission.'],
          }),
          422,
        );
      }
      if (existing.state === 'processing') {
        return c.json(
          errorBody('request_in_progress', 'This request is still being processed. Try again shortly.'),
          409,
          {
            'Retry-After': '1',
          },
        );
      }
      return c.body(existing.response_body ?? '', existing.response_status as ContentfulStatusCode, {
        'Content-Type': 'application/json; charset=utf-8',
        'Idempotent-Replayed': 'true',
      });
    }

    let completed = false;
    c.set('idempotency', {
      complete: (work) =>
        db
          .transaction(() => {
            const result = work();
            const done = finish.run(result.status, JSON.stringify(result.body), route, key, at);
            // Our claim was taken over (we were slower than staleAfterMs): roll back, the other request answers.
            if (done.changes !== 1) throw new Error(`Idempotency claim on ${route} was lost before completion.`);
            completed = true;
            return result;
          })
          .immediate(),
    });
    try {
      await next();
    } finally {
      if (!completed) release.run(route, key, at);
    }
  };
}

/** Runs `work` and records its answer for the request's key, atomically; answers with it. */
export function completeIdempotent(
  // Only what it reads, so a route with more variables (the signed-in user) can call it too.
  c: Pick<Context<{ Variables: IdempotencyVariables }>, 'get' | 'json'>,
  work: () => Completion,
): Response {
  const result = c.get('idempotency').complete(work);
  return c.json(result.body, result.status);
}

/** Forgets answers older than KEEP_KEYS_DAYS and claims abandoned for an hour. Returns how many rows went. */
export function deleteExpiredIdempotencyKeys(db: Db, now = Date.now()): number {
  const doneBefore = new Date(now - KEEP_KEYS_DAYS * 86_400_000).toISOString();
  const processingBefore = new Date(now - 3_600_000).toISOString();
  return db
    .prepare(
      `DELETE FROM idempotency_keys
       WHERE (state = 'done' AND created_at < ?) OR (state = 'processing' AND created_at < ?)`,
    )
    .run(doneBefore, processingBefore).changes;
}

/**
 * At start, every claim still 'processing' belongs to a process that is gone (one server process handles
 * submissions): release them, so a client retrying after a crash is answered at once instead of with 409s.
 * Nothing was stored for them (the row and the key's completion commit together).
 */
export function releaseOrphanedClaims(db: Db): number {
  return db.prepare("DELETE FROM idempotency_keys WHERE state = 'processing'").run().changes;
}
