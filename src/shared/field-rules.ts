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
