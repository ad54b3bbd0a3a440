import { Hono } from 'hono';
import { knownNamesSchema } from '../../shared/answers/server.ts';
import type { AppDeps } from '../deps.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { describeRoute } from '../openapi/describe.ts';
import { knownNames } from '../names/known-names.ts';

/**
 * /known-names?t=: every athlete's name, for the forms' name autocomplete. No
 * auth; the cache-buster t is ignored. Built per request (one indexed scan);
 * the strong ETag lets a client that has the list get a 304.
 */
export function knownNameRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  const listKnownNamesDoc = describeRoute({
    operationId: 'listKnownNames',
    summary: "Every athlete's name, for name autocomplete",
    tag: 'rankings',
    access: 'public',
    responses: { 200: { description: 'The names, in reading order.', json: knownNamesSchema } },
    etag: true,
  });
  app.get('/', listKnownNamesDoc, (c) =>
    sendTaggedJson(c, JSON.stringify({ names: knownNames(db) }), { 'Cache-Control': 'no-cache' }),
  );
  return app;
}
