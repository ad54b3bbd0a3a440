import { HAND_LABELS } from '../../shared/labels.ts';
import type { Hand } from '../../shared/rankings.ts';

export { ordinal } from '../../shared/labels.ts';

/** How the app names a hand, a plain date and a place, wherever they are shown. */

/** Right Hand for RH, Left Hand for anything else. */
export const handLabel = (hand: Hand) => (hand === 'RH' ? HAND_LABELS.RH : HAND_LABELS.LH);

/**
 * Month and weekday names spelled out rather than asked of Intl.DateTimeFormat: making a formatter loads
 * the locale's data (a long task on a phone), and the names are always these English ones.
 */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A plain date (YYYY-MM-DD) as a calendar day, the same in every time zone. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
