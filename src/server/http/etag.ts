import crypto from 'node:crypto';
import type { Context } from 'hono';

/**
 * One ETag format and one If-None-Match check for everything the server
 * tags: the built app's files, the leaderboards, the events list and the
 * known names. A tag is computed where the body is made (once per change
 * where the body is kept, per request where it is built per request).
 */

/** A strong validator: the same bytes give the same tag. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an If-None-Match header names `etag`: `*`, or any tag of its comma
 * list, compared weakly (a W/ in front of the client's tag is ignored).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** A 304 with the headers a 200 would carry when the client already has `headers.ETag`; undefined otherwise. */
export function notModified(c: Context, headers: Record<string, string> & { ETag: string }): Response | undefined {
  return etagMatches(c.req.header('if-none-match'), headers.ETag) ? c.body(null, 304, headers) : undefined;
}

/** A JSON body built for this request: tagged by its bytes, 304 when the client has it. */
export function sendTaggedJson(c: Context, body: string, headers: Record<string, string>): Response {
  const all = { 'Content-Type': 'application/json; charset=utf-8', ...headers, ETag: strongEtag(body) };
  return notModified(c, all) ?? c.body(body, 200, all);
}

/** A body kept in memory with its tag, and its gzip where that is worth having. */
export interface StoredBody {
  body: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer> | undefined;
  type: string;
  etag: string;
  cacheControl: string;
}

/** 304 when the client has the body; else the gzip to a client that takes it, or the body as is. */
export function sendStored(c: Context, stored: StoredBody): Response {
  const headers: Record<string, string> & { ETag: string } = {
    'Content-Type': stored.type,
    'Cache-Control': stored.cacheControl,
    ETag: stored.etag,
    Vary: 'Accept-Encoding',
  };
  const unchanged = notModified(c, headers);
  if (unchanged) return unchanged;
  const gzip = stored.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '') ? stored.gzip : undefined;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  const body = gzip ?? stored.body;
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(body, 200, headers);
}
