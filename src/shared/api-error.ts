/**
 * The one error shape every `/api` failure answers with, and the one reader of
 * it, used by the app's API client and the outbox sender (page and worker).
 * Written without zod on purpose: the client is on the first screen and the
 * sender runs in the service worker, and neither should carry a validation
 * library to read one message. The type comes from the API's error schema
 * (answers/errors.ts), a type-only import that loads nothing.
 */
import type { ApiError } from './answers/errors.ts';

export type { ApiError };

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/**
 * The error of an answer's body, or null when the body is not one. Only the
 * message is required: a proxy's or an older server's answer may lack the
 * rest, and its message is still worth showing. Malformed extras are dropped.
 */
export function apiErrorOf(body: unknown): ApiError['error'] | null {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | null | undefined;
  if (!error || typeof error !== 'object' || typeof error.message !== 'string') return null;
  const fields =
    error.fields && typeof error.fields === 'object' && Object.values(error.fields).every(isStringList)
      ? (error.fields as Record<string, string[]>)
      : undefined;
  return {
    code: typeof error.code === 'string' ? error.code : '',
    message: error.message,
    ...(fields ? { fields } : {}),
    ...(typeof error.request_id === 'string' ? { request_id: error.request_id } : {}),
  };
}
