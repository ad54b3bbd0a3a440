import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/**
 * Content negotiation for gzip, in one place: whether a client takes it
 * (q-values honoured, `identity` and `*` included), and the middleware that
 * gzips answers built per request that carry no ETag. Answers with an ETag
 * negotiate in http/etag.ts, because their tag depends on the encoding.
 */

/** Bodies smaller than this go as they are: gzip's own framing would eat most of the gain. */
export const COMPRESS_MIN_BYTES = 1024;

/** Types worth compressing (text and JSON); pictures and archives are compressed already. */
export function compressible(type: string | null | undefined): boolean {
  return !!type && /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg)/.test(type);
}

/**
 * Whether the request's Accept-Encoding lets us send gzip, and gzip is not
 * less wanted than the body as it is: `gzip;q=0`, `identity` alone, `*;q=0`
 * or `gzip;q=0.5, identity` all get the body as it is. No header: as it is.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const listed = parseAccept(acceptEncoding);
  const q = (coding: string) => listed.find((a) => a.type.toLowerCase() === coding)?.q;
  const any = q('*');
  const gzip = q('gzip') ?? q('x-gzip') ?? any ?? 0;
  // The body as it is competes only with a weight the client gave it, by name or through `*` (RFC 9110, 12.5.3).
  const identity = q('identity') ?? any;
  return gzip > 0 && (identity === undefined || gzip >= identity);
}

export function wantsGzip(c: Context): boolean {
  return acceptsGzip(c.req.header('accept-encoding'));
}

/** Adds Accept-Encoding to a Vary list (once). */
export function varyOnEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

/** A body streamed through gzip. */
export function gzipStream(body: ReadableStream<Uint8Array> | BodyInit): ReadableStream<Uint8Array> {
  const stream = body instanceof ReadableStream ? body : new Response(body).body!;
  return stream.pipeThrough(new CompressionStream('gzip'));
}

/**
 * Reads built per request without an ETag (admin lists, details) go out
 * gzipped to a client that takes it: on a phone's slow network the size is
 * most of the wait. Tagged answers, answers already encoded, HEAD, small and
 * incompressible bodies, and `Cache-Control: no-transform` are left alone.
 */
export function compressPerRequest(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method !== 'GET' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
    const headers = res.headers;
    if (headers.has('Content-Encoding') || headers.has('ETag') || !compressible(headers.get('Content-Type'))) return;
    // A live stream is written event by event: gzip would hold each event back until its buffer fills.
    if (headers.get('Content-Type')?.startsWith('text/event-stream')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(headers.get('Cache-Control') ?? '')) return;
    const length = headers.get('Content-Length');
    if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return;
    headers.set('Vary', varyOnEncoding(headers.get('Vary')));
    if (!wantsGzip(c)) return;
    c.res = new Response(gzipStream(res.body), res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', 'gzip');
  };
}
