import { z } from 'zod';
import {
  CONTROL_MESSAGE,
  DIGITS_MESSAGE,
  HTTP_URL_MESSAGE,
  isCalendarDate,
  isCleanText,
  isHttpUrl,
} from './field-rules.ts';

/**
 * The field rules of `field-rules.ts` as zod schemas, for the shared schemas
 * the forms and the server both parse with. Only modules that already load
 * zod import this one (never the first screen).
 */

/** `lines`: the field has several lines, so tab and line breaks are kept (see `isCleanText`). */
export interface TextOptions {
  lines?: boolean;
}

/**
 * Trimmed text of at most `max` characters, free of control characters: every
 * text field of every form and request is built on this one.
 */
export const text = (max: number, opts: TextOptions = {}) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => isCleanText(v, opts), CONTROL_MESSAGE);

/** Trimmed text that may not be blank. */
export const requiredText = (max: number, message: string, opts: TextOptions = {}) => text(max, opts).min(1, message);

/**
 * Trimmed text that may be left out: blank or missing is `undefined`, so it is
 * left out of a payload. A shape that keeps null for 'nothing' wraps it in
 * `orNull`.
 */
export const optionalText = (max: number, opts: TextOptions = {}) =>
  text(max, opts)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Also takes null, and answers null instead of undefined (the API shapes that store null). */
export const orNull = <S extends z.ZodType>(schema: S) => schema.nullable().transform((v) => v ?? null);

/** An http(s) address that may be left out. The message is the form's; the app's forms share `HTTP_URL_MESSAGE`. */
export const optionalHttpUrl = (max: number, message = HTTP_URL_MESSAGE) =>
  optionalText(max).refine((v) => !v || isHttpUrl(v), message);

/** An http(s) address that must be there. */
export const httpUrl = (max: number, message = HTTP_URL_MESSAGE) => text(max).refine((v) => isHttpUrl(v), message);

/** A real calendar date as YYYY-MM-DD: `format` when it is not written so, `real` when there is no such day. */
export const calendarDate = (format: string, real: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, format)
    .refine(isCalendarDate, real);

/**
 * A record's id in an address: digits only, as the database hands them out.
 * Not z.coerce, which reads '0x1F' as 31, '1e3' as 1000 and ' 7' as 7, so one
 * record would answer at many addresses.
 */
export const idParam = (message = 'Not an id.') =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, message)
    .transform(Number);

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number sent as a number or as the decimal digits a form field holds,
 * then checked by `schema`. Unlike z.coerce nothing else turns into a number:
 * true, '', '0x1F' and '1e3' are refused instead of stored as 1, 0, 31, 1000.
 */
export const formNumber = <S extends z.ZodNumber>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v), schema);

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
