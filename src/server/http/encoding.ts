import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/**
 * Content negotiation, in one place: which encoding a client takes
 * (q-values honoured, `identity` and `*` included), the compressed forms of a
 * body the server keeps, and the middleware that gzips answers built per
 * request that carry no ETag. Answers with an ETag negotiate in http/etag.ts,
 * because their tag depends on the encoding.
 *
 * Kept bodies (the built app, the leaderboards, a tournament, the API
 * document) also have a brotli form, an eighth smaller than gzip on our
 * JavaScript and a fifth on our JSON: on a venue's slow network the size is
 * most of the wait. Bodies built per request go gzipped, which streams cheaply.
 */

/** The encodings a kept body can have besides the body as it is. */
export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go as they are: gzip's own framing would eat most of the gain. */
export const COMPRESS_MIN_BYTES = 1024;

/** Types worth compressing (text and JSON); pictures and archives are compressed already. */
export function compressible(type: string | null | undefined): boolean {
  return !!type && /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg)/.test(type);
}

/**
 * Which of `offered` (best first) to send for this Accept-Encoding: the one
 * the client weights highest, the first on a tie; none (the body as it is)
 * when it takes none of them or weights the body as it is higher. `br;q=0`,
 * `gzip;q=0.5, identity`, `*;q=0, identity` or no header at all each rule an
 * encoding out.
 */
export function pickEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const listed = parseAccept(acceptEncoding);
  const q = (coding: string) => listed.find((a) => a.type.toLowerCase() === coding)?.q;
  const any = q('*');
  // The body as it is competes only with a weight the client gave it, by name or through `*` (RFC 9110, 12.5.3).
  const identity = q('identity') ?? any;
  let best: { coding: Encoding; q: number } | undefined;
  for (const coding of offered) {
    const weight = (coding === 'gzip' ? (q('gzip') ?? q('x-gzip')) : q(coding)) ?? any ?? 0;
    if (weight <= 0 || (identity !== undefined && weight < identity)) continue;
    if (!best || weight > best.q) best = { coding, q: weight };
  }
  return best?.coding;
}

/** Whether the request's Accept-Encoding lets us send gzip (see pickEncoding). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return pickEncoding(acceptEncoding, ['gzip']) === 'gzip';
}

export function wantsGzip(c: Context): boolean {
  return acceptsGzip(c.req.header('accept-encoding'));
}

/** Adds Accept-Encoding to a Vary list (once). */
export function varyOnEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

/**
 * The compressed forms of a body kept in memory and sent many times, made
 * once per change of the body: brotli at quality 6 (the leaderboard's 800 KB
 * of JSON in about 20 ms, 35 KB against gzip's 44 KB) and gzip for the
 * clients without it. The built app's files get brotli's best from the build
 * instead (scripts/precompress.ts).
 */
export function compressedForms(body: Uint8Array): { br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> } {
  return {
    br: new Uint8Array(
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    ),
    gzip: new Uint8Array(zlib.gzipSync(body, { level: 6 })),
  };
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
