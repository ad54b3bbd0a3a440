/**
 * Spec part 1 §5, §9: the contact fields' rules, as plain functions (no zod)
 * so they cost the account chunk next to nothing and test without a DOM.
 */

export const PHONE_MIN_DIGITS = 10;
export const PHONE_MESSAGE = 'Enter a valid phone number.';
export const URL_MESSAGE = 'Enter a valid URL starting with http(s)://';

/** If non-empty, at least 10 digits (spaces, dashes, brackets and + may sit between them). */
export function phoneError(phone: string): string | null {
  const value = phone.trim();
  if (!value) return null;
  return (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS ? null : PHONE_MESSAGE;
}

/** http(s)://, then host characters (labels of letters, digits and hyphens, dot-separated, an optional port), then an optional path. */
const URL_RULE = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#]\S*)?$/i;

/** If non-empty, must be an http(s) address. */
export function urlError(url: string): string | null {
  const value = url.trim();
  if (!value) return null;
  return URL_RULE.test(value) ? null : URL_MESSAGE;
}
