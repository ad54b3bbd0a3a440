/** Words the app and the tournament rules both show, spelled in one place. Free of zod: the app's first screen uses it. */
import type { Hand } from './rankings.ts';

export const HAND_LABELS: Record<Hand, string> = { RH: 'Right Hand', LH: 'Left Hand' };

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
