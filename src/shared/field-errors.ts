import type { z } from 'zod';

/**
 * zod issues as field errors, the one conversion the server's 400 answers and
 * the app's forms both use, so a field is named the same way on either side.
 */

/** Every message per field path: `{ "field.path": ["message", ...] }`; issues about the whole value go under `_`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * The first message per top-level field, as a form shows them beside its inputs.
 * `own` replaces zod's message for a field where the form words it its own way.
 */
export function firstFieldErrors<F extends string>(
  error: z.ZodError,
  own: Partial<Record<F, string>> = {},
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined || typeof field === 'symbol') continue;
    const key = String(field) as F;
    errors[key] ??= own[key] ?? issue.message;
  }
  return errors;
}
