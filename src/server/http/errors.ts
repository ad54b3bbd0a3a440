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
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string[]>, requestId?: string): ApiError {
  return {
    error: {
      code,
      message,
      ...(fields ? { fields } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
  };
}

export function sendError(c: Context, err: HttpError) {
  return c.json(errorBody(err.code, err.message, err.fields), err.status);
}

export { fieldErrors } from '../../shared/field-errors.ts';
