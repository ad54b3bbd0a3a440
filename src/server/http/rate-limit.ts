import type { MiddlewareHandler } from 'hono';
import type { RateLimit } from '../config.ts';
import { errorBody } from './errors.ts';

/**
 * An in-memory token bucket per key (client IP): `limit` requests, refilled
 * evenly over `windowSeconds`. Per server process; a restart forgets it, which
 * is acceptable for a brake on anonymous form spam.
 */
export function createRateLimiter(opts: RateLimit & { now?: () => number; maxKeys?: number }) {
  const now = opts.now ?? Date.now;
  const perMs = opts.limit / (opts.windowSeconds * 1000);
  const maxKeys = opts.maxKeys ?? 10_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  const level = (b: { tokens: number; at: number }, t: number) => Math.min(opts.limit, b.tokens + (t - b.at) * perMs);

  /** Forgets buckets that have refilled: they hold nothing a fresh one would not. */
  function prune(t: number) {
    for (const [key, b] of buckets) if (level(b, t) >= opts.limit) buckets.delete(key);
  }

  /** Takes one token; when none is left, says after how many seconds one will be. */
  function take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const t = now();
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size >= maxKeys) prune(t);
      b = { tokens: opts.limit, at: t };
      buckets.set(key, b);
    }
    b.tokens = level(b, t);
    b.at = t;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) };
  }

  return { take, size: () => buckets.size };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** A wait in words that says exactly what Retry-After says: 14 seconds, 1 minute, 4 minutes 47 seconds. */
export function waitInWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return unit(rest, 'second');
  return rest ? `${unit(minutes, 'minute')} ${unit(rest, 'second')}` : unit(minutes, 'minute');
}

/** Answers 429 with Retry-After (seconds) and the error shape once the key's bucket is empty. */
export function rateLimit(
  limiter: RateLimiter,
  keyOf: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const taken = limiter.take(keyOf(c));
    if (!taken.ok) {
      return c.json(
        errorBody(
          'rate_limited',
          `Too many submissions from your connection. Try again in ${waitInWords(taken.retryAfterSeconds)}.`,
        ),
        429,
        { 'Retry-After': String(taken.retryAfterSeconds) },
      );
    }
    await next();
  };
}
