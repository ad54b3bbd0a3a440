import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { errorFields, inRequest, log } from '../log.ts';

/**
 * Request ids and the server's log lines. Every answer carries an
 * X-Request-Id, the same id an error body names and the log lines carry, so an
 * operator can find what went wrong from what a user reports.
 *
 * With LOG_REQUESTS on, each request writes one JSON line to stdout (the
 * server's logger, log.ts). Errors (the 500 path) always write one JSON line to
 * stderr, whatever LOG_REQUESTS says. Whatever is logged while a request is
 * answered carries its id. A line holds the path without its query string: queries carry
 * sign-in codes, state and tokens (/oidc/auth?..., the sign-in return) and
 * e-mail addresses (the admin's role list), and none of our queries is needed
 * to tell what a request was, so dropping the whole query is the one rule that
 * cannot leak a secret a new route adds later.
 */

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a proxy's id may look like (UUIDs, nginx's hex ids, `Root=1-...`): short, no spaces or control characters. */
const WELL_FORMED_ID = /^[\w.:=-]{1,128}$/;

export interface RequestLogOptions {
  /** One JSON line per request on stdout (LOG_REQUESTS). */
  logRequests: boolean;
  /** Keep a well-formed X-Request-Id from the proxy in front (TRUST_PROXY); otherwise anyone could choose ids. */
  trustProxy: boolean;
}

/** The request's id: the proxy's when it is trusted and well formed, else a new one. */
export function requestIdFor(incoming: string | undefined, trustProxy: boolean): string {
  const id = incoming?.trim();
  return trustProxy && id && WELL_FORMED_ID.test(id) ? id : randomUUID();
}

/** The path of a request line, without the query (see the comment at the top). */
function pathOnly(url: string): string {
  return url.split(/[?#]/, 1)[0] || '/';
}

function logRequest(id: string, method: string, url: string, status: number, startedAt: number) {
  log.info('request', {
    request_id: id,
    method,
    path: pathOnly(url),
    status,
    duration_ms: Math.round((performance.now() - startedAt) * 10) / 10,
  });
}

/** An error on the 500 path: always logged, with the id the user's error body names. */
export function logError(c: Context, err: unknown) {
  log.error('request failed', {
    request_id: c.get('requestId'),
    method: c.req.method,
    path: c.req.path,
    ...errorFields(err),
  });
}

/** The Hono middleware: the id (variable `requestId`, answer header) and, when on, the request line. */
export function requestLog(opts: RequestLogOptions): MiddlewareHandler {
  return async (c, next) => {
    const startedAt = performance.now();
    const id = requestIdFor(c.req.header(REQUEST_ID_HEADER), opts.trustProxy);
    c.set('requestId', id);
    await inRequest(id, next);
    c.res.headers.set(REQUEST_ID_HEADER, id);
    if (opts.logRequests) logRequest(id, c.req.method, c.req.path, c.res.status, startedAt);
  };
}

/**
 * The same for requests the server hands to the sign-in provider, which runs
 * outside Hono: answers the request's id, for `inRequest` around the handler.
 */
export function logNodeRequest(opts: RequestLogOptions, req: IncomingMessage, res: ServerResponse): string {
  const startedAt = performance.now();
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const id = requestIdFor(typeof incoming === 'string' ? incoming : undefined, opts.trustProxy);
  res.setHeader(REQUEST_ID_HEADER, id);
  if (opts.logRequests) {
    // The provider rewrites req.url while mounting itself: keep what the client asked for.
    const url = req.url ?? '/';
    res.once('finish', () => logRequest(id, req.method ?? '-', url, res.statusCode, startedAt));
  }
  return id;
}
