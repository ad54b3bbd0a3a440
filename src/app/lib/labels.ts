import type { Hand } from '../../shared/rankings.ts';

/** How the app names a hand, a plain date and a place, wherever they are shown. */

/** Right Hand for RH, Left Hand for anything else. */
export const handLabel = (hand: Hand) => (hand === 'RH' ? 'Right Hand' : 'Left Hand');

/**
 * One formatter for every call, made at the first: `toLocaleDateString` makes a new one each time, about
 * 18 ms on a phone, and the athlete popup formats a date per result row.
 */
let dayFormat: Intl.DateTimeFormat | undefined;

/** A plain date (YYYY-MM-DD) as a calendar day, the same in every time zone. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(date);
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
