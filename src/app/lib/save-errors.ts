import { ApiResponseError } from './api.ts';

/** A save that never reached the server. */
export const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';

/** Why a save to the server failed, in words: the server's own reason, or that it could not be reached. */
export function saveFailure(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiResponseError ? error.message : UNREACHABLE;
}

/**
 * The server's field errors of a refused save (its 4xx answer names fields by
 * path, 'links.0'), as a form shows them beside its inputs: the first message
 * per top-level field.
 */
export function serverFieldErrors(error: unknown): Partial<Record<string, string>> {
  const fields = error instanceof ApiResponseError ? error.fields : undefined;
  const errors: Partial<Record<string, string>> = {};
  for (const [path, messages] of Object.entries(fields ?? {})) errors[path.split('.')[0]!] ??= messages[0];
  return errors;
}

/**
 * A refused save as a form shows it: the server's field errors beside their inputs, and the failure in words
 * (`form`) only when no field names it, so one message is never shown twice.
 */
export function saveErrors(error: unknown): Partial<Record<string, string>> {
  const fields = serverFieldErrors(error);
  return Object.keys(fields).length ? fields : { form: saveFailure(error) ?? undefined };
}
