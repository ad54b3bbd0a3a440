import { HTTP_URL_MESSAGE, isHttpUrl } from '../../../shared/field-rules.ts';

/**
 * The contact fields' rules, as plain functions (no zod) so they cost the
 * account chunk next to nothing and test without a DOM.
 */

export const PHONE_MIN_DIGITS = 10;
export const PHONE_MESSAGE = 'Enter a valid phone number.';
export const URL_MESSAGE = HTTP_URL_MESSAGE;

/** If non-empty, at least 10 digits (spaces, dashes, brackets and + may sit between them). */
export function phoneError(phone: string): string | null {
  const value = phone.trim();
  if (!value) return null;
  return (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS ? null : PHONE_MESSAGE;
}

/** If non-empty, an http(s) address whose host is letters, digits, hyphens and dots. */
export function urlError(url: string): string | null {
  const value = url.trim();
  if (!value) return null;
  return isHttpUrl(value, { plainHost: true }) ? null : URL_MESSAGE;
}
