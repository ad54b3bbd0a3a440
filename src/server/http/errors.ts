import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
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

/** zod issues as `{ "field.path": ["message", ...] }`; issues about the whole value go under `_`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
