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
