import Database from 'better-sqlite3';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../shared/api-error.ts';

/** Throw from a handler to answer with the API's error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Extra answer headers (Retry-After on a 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string[]>,
  requestId?: string,
): ApiError {
  return {
    error: {
      code,
      message,
      ...(fields ? { fields } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
  };
}

/** Seconds a client waits before sending again after a 503 that names no time of its own. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

export function sendError(c: Context, err: HttpError, requestId?: string) {
  const headers = { ...err.headers };
  // A 503 is "try again later": say when, so the outbox and other clients do not hammer a struggling server.
  if (err.status === 503 && !headers['Retry-After']) headers['Retry-After'] = String(DEFAULT_RETRY_AFTER_SECONDS);
  return c.json(errorBody(err.code, err.message, err.fields, requestId), err.status, headers);
}

/**
 * A storage failure that passes: the disk is full, another connection holds
 * the database, or the disk answered with an I/O error. Nothing was stored
 * (SQLite rolls the statement or transaction back), so the honest answer is a
 * 503 with a time to come back, never a 500: a client keeps what it sent and
 * sends it again. Undefined for every other error.
 */
export function storageUnavailable(err: unknown): HttpError | undefined {
  const code = err instanceof Database.SqliteError ? err.code : (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return undefined;
  // SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT, ...) start with their primary code.
  const is = (primary: string) => code === primary || code.startsWith(`${primary}_`);
  if (is('SQLITE_FULL') || code === 'ENOSPC' || code === 'EDQUOT') {
    return new HttpError(
      503,
      'storage_full',
      'The server has no room left to store this. Try again later.',
      undefined,
      {
        'Retry-After': '300',
      },
    );
  }
  if (is('SQLITE_BUSY') || is('SQLITE_LOCKED')) {
    return new HttpError(
      503,
      'database_busy',
      'The database is busy with another task. Try again shortly.',
      undefined,
      {
        'Retry-After': '5',
      },
    );
  }
  if (is('SQLITE_IOERR') || code === 'EIO') {
    return new HttpError(503, 'storage_error', 'The server could not write to its disk. Try again later.', undefined, {
      'Retry-After': '60',
    });
  }
  return undefined;
}

export { fieldErrors } from '../../shared/field-errors.ts';
