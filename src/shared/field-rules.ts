/**
 * The rules a form field follows, written once for the app's forms and the
 * server: what counts as an http(s) address, the device's 'today', a number
 * typed as digits only. Free of zod, so any screen can import them without
 * pulling the schemas in; `field-schemas.ts` wraps them for zod.
 */

/** The local calendar date of `now` (the device's own day, not UTC's), YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What a form says under an address that is not http(s). */
export const HTTP_URL_MESSAGE = 'Enter a valid URL starting with http(s)://';

const HTTP_URL = /^https?:\/\/\S+$/i;
/** http(s)://, then host labels of letters, digits and hyphens (dot-separated, an optional port), then an optional path. */
const HTTP_URL_PLAIN_HOST = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * An absolute http(s) address with no spaces. `plainHost` also asks for a host
 * of letters, digits, hyphens and dots only (the account's social links).
 */
export function isHttpUrl(value: string, opts: { plainHost?: boolean } = {}): boolean {
  return (opts.plainHost ? HTTP_URL_PLAIN_HOST : HTTP_URL).test(value);
}

/** What a form says under a number typed with anything but digits. */
export const DIGITS_MESSAGE = 'Digits only.';

/** What a digits-only input keeps as someone types: digits, no leading zeros, at most `maxDigits`. */
export function cleanDigits(raw: string, maxDigits: number): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, maxDigits);
}

/** What a form says under text holding control characters (or a broken, half character). */
export const CONTROL_MESSAGE = 'Remove the control characters.';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const BREAK_OR_TAB = /[\t\n\r]/;
/** Half of a UTF-16 pair without its other half: it cannot be stored as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text fit to store and show: no control characters and no lone surrogates.
 * Tab and line breaks are kept only where the field has several lines
 * (`lines`: notes, descriptions, one-item-per-line lists); a single-line
 * field (names, places, addresses, times) refuses them too, since its input
 * could not have typed them and they would split a list or a CSV row.
 */
export function isCleanText(value: string, opts: { lines?: boolean | undefined } = {}): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value) && (!!opts.lines || !BREAK_OR_TAB.test(value));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2026-02-31, no 2025-02-29). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** A clock time with am/pm and nothing else: '10:00 am', '7 pm', '11:30AM', '9:15 p.m.'. */
export function isAmPmTime(value: string): boolean {
  return /^(0?[1-9]|1[0-2])(:[0-5]\d)?\s?(am|pm|a\.m\.|p\.m\.)$/i.test(value);
}
