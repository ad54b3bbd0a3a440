import type { Calibration, FavouriteBucket } from '../../../shared/answers/calibration.ts';
import { formatDay } from '../../lib/labels.ts';

/** The calibration answer in words: the summary line, each bucket's sentence, how many more results are needed. */

/** A share as a whole percentage: 0.643 -> '64%'. */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** A bucket's range of the favourite's chance: '60-70%'. */
export const bucketRange = (b: Pick<FavouriteBucket, 'from' | 'to'>): string =>
  `${Math.round(b.from * 100)}-${Math.round(b.to * 100)}%`;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A bucket with results: its mean chance and how often the favourite won are known. */
export type FilledBucket = FavouriteBucket & { predicted: number; observed: number };

export const filledBuckets = (c: Calibration): FilledBucket[] =>
  c.buckets.filter((b): b is FilledBucket => b.n > 0 && b.predicted !== null && b.observed !== null);

/** 'When the favourite was given 60-70%, they won 64% of 212 matches.' */
export function bucketSentence(b: FilledBucket): string {
  return `When the favourite was given ${bucketRange(b)}, they won ${percent(b.observed)} of ${count(b.n, 'match', 'matches')}.`;
}

/** Whether enough results were scored for the chart (the answer's `needed`). */
export const showsChart = (c: Calibration): boolean => c.n >= c.needed;

/** How many more scored results the chart waits for; 0 once it shows. */
export const moreNeeded = (c: Calibration): number => Math.max(0, c.needed - c.n);

/** 'The chart shows once 30 results are scored: 12 more are needed.' */
export function neededText(c: Calibration): string {
  const more = moreNeeded(c);
  return `The chart shows once ${count(c.needed, 'result is', 'results are')} scored: ${more} more ${more === 1 ? 'is' : 'are'} needed.`;
}

/** '212 results scored from Mar 1, 2024 to Nov 2, 2025: the favourite won 64% of them.' */
export function summaryText(c: Calibration): string {
  if (c.n === 0 || !c.from || !c.to) return 'No results have been scored yet.';
  const when = c.from === c.to ? `on ${formatDay(c.from)}` : `from ${formatDay(c.from)} to ${formatDay(c.to)}`;
  const won = c.accuracy === null ? '' : `: the favourite won ${percent(c.accuracy)} of them`;
  return `${count(c.n, 'result', 'results')} scored ${when}${won}.`;
}

/**
 * The lowest share the chart's upright axis shows: 50%, or lower (to a round tenth) when favourites of some bucket
 * won less often than half the time, so every point stays on the chart.
 */
export function chartFloor(buckets: readonly FilledBucket[]): number {
  const lowest = Math.min(0.5, ...buckets.map((b) => b.observed));
  return Math.max(0, Math.floor(lowest * 10 + 1e-9) / 10);
}
