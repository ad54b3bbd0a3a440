import crypto from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** Case- and accent-insensitive order for people reading a list; ties in plain code-point order. */
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Spec part 1 §7: GET /known-names?t= — every athlete's name, for the forms'
 * name autocomplete. No auth; the cache-buster t is ignored. Built per request
 * (one indexed scan); the strong ETag lets a client that has the list get a 304.
 */
export function knownNameRoutes({ db }: AppDeps) {
  const app = new Hono();
  const names = db.prepare('SELECT name FROM athletes').pluck();
  app.get('/known-names', (c) => {
    const body = JSON.stringify({ names: (names.all() as string[]).sort(byName) });
    const etag = `"kn-${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const headers = { 'Cache-Control': 'no-cache', ETag: etag };
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(/\s*,\s*/).some((t) => t === etag || t === '*')) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  });
  return app;
}
