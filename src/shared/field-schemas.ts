import { z } from 'zod';
import { DIGITS_MESSAGE, HTTP_URL_MESSAGE, isHttpUrl } from './field-rules.ts';

/**
 * The field rules of `field-rules.ts` as zod schemas, for the shared schemas
 * the forms and the server both parse with. Only modules that already load
 * zod import this one (never the first screen).
 */

/** Trimmed text of at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

/** Trimmed text that may not be blank. */
export const requiredText = (max: number, message: string) => text(max).min(1, message);

/**
 * Trimmed text that may be left out: blank or missing is `undefined`, so it is
 * left out of a payload. A shape that keeps null for 'nothing' wraps it in
 * `orNull`.
 */
export const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Also takes null, and answers null instead of undefined (the API shapes that store null). */
export const orNull = <S extends z.ZodType>(schema: S) => schema.nullable().transform((v) => v ?? null);

/** An http(s) address that may be left out. The message is the form's; the app's forms share `HTTP_URL_MESSAGE`. */
export const optionalHttpUrl = (max: number, message = HTTP_URL_MESSAGE) =>
  optionalText(max).refine((v) => !v || isHttpUrl(v), message);

/** An http(s) address that must be there. */
export const httpUrl = (max: number, message = HTTP_URL_MESSAGE) => text(max).refine((v) => isHttpUrl(v), message);

/**
 * A whole number typed as digits only, at most `maxDigits` of them: the
 * digits as the form keeps them, or the number they parse to (so what a form
 * parsed is posted as is and parses again on the server). Blank is undefined.
 */
export const digitsNumber = (maxDigits: number) =>
  z
    .union([
      z
        .number()
        .int(DIGITS_MESSAGE)
        .min(0)
        .max(10 ** maxDigits - 1),
      z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{0,${maxDigits}}$`), DIGITS_MESSAGE),
    ])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));
