import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';
import { sendTaggedJson } from '../http/etag.ts';

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
    return sendTaggedJson(c, body, { 'Cache-Control': 'no-cache' });
  });
  return app;
}
