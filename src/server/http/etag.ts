import crypto from 'node:crypto';
import type { Context } from 'hono';
import {
  COMPRESS_MIN_BYTES,
  compressible,
  gzipStream,
  pickEncoding,
  varyOnEncoding,
  wantsGzip,
  type Encoding,
} from './encoding.ts';

/**
 * One ETag format and one If-None-Match check for everything the server
 * tags: the built app's files, the leaderboards, the events list and the
 * known names. A tag is computed where the body is made (once per change
 * where the body is kept, per request where it is built per request). Each
 * encoding of a body has its own tag, and If-None-Match is compared with the
 * tag of the form the request would get.
 */

/** A strong validator: the same bytes give the same tag. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an If-None-Match header names `etag`: `*`, or any tag of its comma
 * list, compared weakly (a W/ in front of either tag is ignored, RFC 9110 8.8.3.2).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || opaque(tag) === opaque(etag);
  });
}

/**
 * The headers a 304 keeps from the 200 it stands for: the validators and
 * caching ones (RFC 9110, 15.4.5). It has no body, so it says nothing about
 * one: no Content-Type, Content-Length or Content-Encoding that a validating
 * client would mistake for the (empty) body's.
 */
const NOT_MODIFIED_HEADERS = ['ETag', 'Cache-Control', 'Vary', 'Expires', 'Content-Location'];

/** A 304 with the 200's validator and caching headers when the client already has `headers.ETag`; undefined otherwise. */
export function notModified(c: Context, headers: Record<string, string> & { ETag: string }): Response | undefined {
  if (!etagMatches(c.req.header('if-none-match'), headers.ETag)) return undefined;
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => NOT_MODIFIED_HEADERS.includes(name)));
  return c.body(null, 304, kept);
}

/**
 * A body built for this request (JSON, CSV), tagged by its bytes: 304 when the
 * client has it, else the body, gzipped for a client that takes it (see
 * http/encoding.ts). The gzip is made on the fly, so its bytes are not hashed:
 * it carries the weak form of the plain body's tag, on purpose (the same
 * content in another encoding). A client that revalidates either form gets a
 * 304 carrying the tag of the form it would be sent.
 */
export function sendTagged(c: Context, body: string, headers: Record<string, string> & { 'Content-Type': string }) {
  const tag = strongEtag(body);
  const gzip = compressible(headers['Content-Type']) && Buffer.byteLength(body) >= COMPRESS_MIN_BYTES;
  const all: Record<string, string> & { ETag: string } = { ...headers, ETag: tag };
  if (gzip) {
    all.Vary = varyOnEncoding(all.Vary);
    if (wantsGzip(c)) all.ETag = `W/${tag}`;
  }
  const unchanged = notModified(c, all);
  if (unchanged) return unchanged;
  if (all.ETag === tag) return c.body(body, 200, all);
  return c.body(gzipStream(body), 200, { ...all, 'Content-Encoding': 'gzip' });
}

/** A JSON body built for this request: see sendTagged. */
export function sendTaggedJson(c: Context, body: string, headers: Record<string, string>): Response {
  return sendTagged(c, body, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

/** A body kept in memory with its tag, and its compressed forms where they are worth having. */
export interface StoredBody {
  body: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer> | undefined;
  gzip?: Uint8Array<ArrayBuffer> | undefined;
  type: string;
  etag: string;
  cacheControl: string;
}

/** The strong tag of a kept compressed form, computed once: it is other bytes than the body, so it has its own tag. */
const encodedTags = new WeakMap<Uint8Array, string>();
function encodedEtag(encoded: Uint8Array): string {
  let tag = encodedTags.get(encoded);
  if (!tag) encodedTags.set(encoded, (tag = strongEtag(encoded)));
  return tag;
}

/**
 * 304 when the client has the form it would be sent; else the best form the
 * client takes (brotli, then gzip), or the body as is. Each form has its own
 * strong tag, since each is fixed bytes.
 */
export function sendStored(c: Context, stored: StoredBody): Response {
  const offered = (['br', 'gzip'] as const).filter((coding): coding is Encoding => !!stored[coding]);
  const coding = pickEncoding(c.req.header('accept-encoding'), offered);
  const body = coding ? stored[coding]! : stored.body;
  const headers: Record<string, string> & { ETag: string } = {
    'Content-Type': stored.type,
    'Cache-Control': stored.cacheControl,
    ETag: coding ? encodedEtag(body) : stored.etag,
    // Also on a body never compressed: the service worker's copies of the app's small chunks without it were not
    // used offline after a browser restart (tests/offline.spec.ts), and it is true of the resource anyway.
    Vary: 'Accept-Encoding',
  };
  const unchanged = notModified(c, headers);
  if (unchanged) return unchanged;
  if (coding) headers['Content-Encoding'] = coding;
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(body, 200, headers);
}
