import { apiErrorOf } from '../../shared/api-error.ts';
import { parseJson } from './json-text.ts';

/**
 * The one client for the server: every request of the app goes through it (the
 * API under `/api/v1`, and the public files beside it: fallback.json,
 * clubs.json, the club sheet). It alone decides the headers, the bearer token,
 * no-store reads, the connectivity notes and JSON in and out. An API path is
 * under `/api/v1` unless it starts with `/api/` itself (the analytics summary
 * lives beside the versioned API, not in it). Two kinds of failure:
 * NetworkError (the server was never reached) and ApiResponseError (it
 * answered with an error). The error body is read by the shared apiErrorOf,
 * the same reader the outbox sender uses.
 *
 * The session and the connectivity store sit above this module: they hand in
 * the token getter and their listener when they load (auth/session.ts,
 * pwa/connectivity.ts), so the client imports neither (no import cycle).
 */

/** The server could not be reached at all (as opposed to answering with an error). */
export class NetworkError extends Error {}

/** The server answered with an error: its status, and the code, message and field errors of its body. */
export class ApiResponseError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** A bearer token getter (the session's, or one handed down to a lazy chunk). */
export type GetToken = () => Promise<string | null>;

export interface ApiOptions {
  /** Send the bearer token: the session's (true) or the given getter's; none throws a 401 error. */
  auth?: boolean | GetToken;
  /** Never answered by the HTTP cache (the service worker, not the browser, keeps copies). */
  fresh?: boolean;
  /**
   * A public read: note whether the server was reached and how old the answer is. With a worker in
   * control the worker reports reachability itself, since an answer from its cache says nothing about
   * the network.
   */
  note?: boolean;
  /** A table device's key: sent as `Authorization: Table {key}` (the table screen's reads and undo). */
  table?: string;
  /** Outlives the page (a beacon). */
  keepalive?: boolean;
}

/** What the client reports about each contact with the server. */
export interface ContactListener {
  /** Whether the server was reached at all (for a public read without a worker in control). */
  reached(reached: boolean): void;
  /** A public read's answer, for how old the data on screen is. */
  answered(res: Response): void;
}

let sessionToken: GetToken = async () => null;
let contact: ContactListener = { reached: () => undefined, answered: () => undefined };

/** The signed-in session's token getter, used where a request asks for `auth: true`. */
export function provideSessionToken(getToken: GetToken): void {
  sessionToken = getToken;
}

/** Who hears whether the server was reached and how old its answers are. */
export function listenToContact(listener: ContactListener): void {
  contact = listener;
}

/** The error thrown for a non-OK answer with this status and body. */
export function responseError(status: number, body: unknown): ApiResponseError {
  const e = apiErrorOf(body);
  return new ApiResponseError(status, e?.message ?? `Request failed (${status}).`, e?.code || undefined, e?.fields);
}

/** The bearer token now: the session's or the getter's; an ApiResponseError (401) when signed out. */
export async function bearerToken(auth: true | GetToken = true): Promise<string> {
  const token = await (auth === true ? sessionToken : auth)();
  if (!token) throw new ApiResponseError(401, 'Not signed in.');
  return token;
}

/** The URL of an API path: as is when it names its own `/api/` prefix, else under `/api/v1`. */
export const apiUrl = (path: string) => (path.startsWith('/api/') ? path : `/api/v1${path}`);

const ACCEPT = { json: 'application/json', text: 'text/csv, text/plain', blob: '*/*' } as const;

async function request<T>(
  method: string,
  url: string,
  body: unknown,
  opts: ApiOptions = {},
  as: keyof typeof ACCEPT = 'json',
): Promise<T> {
  const headers: Record<string, string> = { Accept: ACCEPT[as] };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (opts.table) headers.Authorization = `Table ${opts.table}`;
  else if (opts.auth) headers.Authorization = `Bearer ${await bearerToken(opts.auth)}`;
  if (opts.fresh) init.cache = 'no-store';
  if (opts.keepalive) init.keepalive = true;
  const noteOnline = opts.note && !(typeof navigator !== 'undefined' && navigator.serviceWorker?.controller);
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    if (noteOnline) contact.reached(false);
    throw new NetworkError('No connection to the server.');
  }
  // Any answer to a write is the server's own (the worker never answers one): the server is reached, and what
  // waits in the outbox may go (a table device's status report can be the first request back after an outage).
  if (noteOnline || method !== 'GET') contact.reached(true);
  if (!res.ok) throw responseError(res.status, await res.json().catch(() => null));
  if (opts.note) contact.answered(res);
  // 204 No Content (a delete): nothing to read.
  if (res.status === 204) return undefined as T;
  if (as === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  return (as === 'text' ? text : parseJson(text)) as T;
}

export const apiGet = <T>(path: string, opts?: ApiOptions) => request<T>('GET', apiUrl(path), undefined, opts);
/** A file from the API (a download), as a Blob; errors as for JSON reads. */
export const apiGetBlob = (path: string, opts?: ApiOptions) =>
  request<Blob>('GET', apiUrl(path), undefined, opts, 'blob');
export const apiPost = <T>(path: string, body: unknown, opts?: ApiOptions) =>
  request<T>('POST', apiUrl(path), body, opts);
export const apiPut = <T>(path: string, body: unknown, opts?: ApiOptions) =>
  request<T>('PUT', apiUrl(path), body, opts);
export const apiDelete = <T>(path: string, opts?: ApiOptions) => request<T>('DELETE', apiUrl(path), undefined, opts);
/** A public file beside the API (`/fallback.json`, `/clubs.json`, the club sheet), as JSON or as text. */
export const getFile = <T = unknown>(path: string, as: 'json' | 'text', opts?: ApiOptions) =>
  request<T>('GET', path, undefined, opts, as);
