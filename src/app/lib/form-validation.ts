import type { z } from 'zod';
import { firstFieldErrors } from '../../shared/field-errors.ts';

/**
 * A form's values checked with a shared schema: the body to send, or the
 * first message per field to show beside its input. Both form hooks (the
 * outbox's and the admin editors') check this way.
 */

export type FieldOf<V> = Extract<keyof V, string>;
export type FieldErrors<V> = Partial<Record<FieldOf<V>, string>>;

/** A schema's safeParse answer (only its type is needed here, so zod stays out of this module). */
export type ParseResult<P> = { success: true; data: P } | { success: false; error: z.ZodError };

export type FormValidation<V, P> = { ok: true; data: P } | { ok: false; errors: FieldErrors<V> };

/** `own` replaces the schema's message for a field the form words its own way. */
export function validateWith<V, P>(result: ParseResult<P>, own?: FieldErrors<V>): FormValidation<V, P> {
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: firstFieldErrors<FieldOf<V>>(result.error, own) };
}

/**
 * A field's props as a form hook hands them to a field component (TextField,
 * AthleteSelect, SubmitterNameField): its value, its handlers and its error.
 */
export interface FieldBinding<T> {
  id?: string | undefined;
  value: T;
  onValue: (value: T) => void;
  onBlur?: () => void;
  error: string | undefined;
}
