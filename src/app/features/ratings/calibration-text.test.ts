import { describe, expect, it } from 'vitest';
import { calibrationOf, SEASON } from './calibration.test-kit.ts';
import {
  bucketRange,
  bucketSentence,
  chartFloor,
  filledBuckets,
  moreNeeded,
  neededText,
  percent,
  showsChart,
  summaryText,
  type FilledBucket,
} from './calibration-text.ts';

const bucket = (over: Partial<FilledBucket>): FilledBucket => ({
  from: 0.6,
  to: 0.7,
  n: 212,
  predicted: 0.65,
  observed: 0.64,
  ...over,
});

describe('the calibration in words', () => {
  it('says each filled bucket as a sentence: its range, how often the favourite won, of how many matches', () => {
    expect(bucketSentence(bucket({}))).toBe('When the favourite was given 60-70%, they won 64% of 212 matches.');
    expect(bucketSentence(bucket({ from: 0.9, to: 1, n: 1, observed: 1 }))).toBe(
      'When the favourite was given 90-100%, they won 100% of 1 match.',
    );
    expect(bucketSentence(bucket({ n: 1234, observed: 0.4449 }))).toBe(
      'When the favourite was given 60-70%, they won 44% of 1,234 matches.',
    );
  });

  it('writes shares as whole percentages and ranges from the bucket edges', () => {
    expect(percent(0.643)).toBe('64%');
    expect(percent(1)).toBe('100%');
    expect(bucketRange({ from: 0.5, to: 0.6 })).toBe('50-60%');
    expect(bucketRange({ from: 0.7000000001, to: 0.8 })).toBe('70-80%');
  });

  it('keeps only the buckets with results for the chart and its sentences', () => {
    expect(filledBuckets(SEASON).map((b) => b.from)).toEqual([0.5, 0.6, 0.7, 0.8]);
    expect(filledBuckets(calibrationOf())).toEqual([]);
  });

  it('counts how many more scored results the chart needs, and says it', () => {
    const twelveShort = calibrationOf({ n: 18 });
    expect(showsChart(twelveShort)).toBe(false);
    expect(moreNeeded(twelveShort)).toBe(12);
    expect(neededText(twelveShort)).toBe('The chart shows once 30 results are scored: 12 more are needed.');
    expect(neededText(calibrationOf({ n: 29 }))).toBe('The chart shows once 30 results are scored: 1 more is needed.');
    expect(neededText(calibrationOf())).toBe('The chart shows once 30 results are scored: 30 more are needed.');
    // The answer says how many: the page follows it.
    expect(neededText(calibrationOf({ n: 3, needed: 10 }))).toBe(
      'The chart shows once 10 results are scored: 7 more are needed.',
    );
    expect(showsChart(calibrationOf({ n: 30 }))).toBe(true);
    expect(moreNeeded(calibrationOf({ n: 31 }))).toBe(0);
  });

  it('sums up what was scored: how many, over which days, how often the favourite won', () => {
    expect(summaryText(SEASON)).toBe(
      '250 results scored from Mar 2, 2024 to Nov 8, 2025: the favourite won 68% of them.',
    );
    expect(summaryText(calibrationOf({ n: 1, from: '2025-01-10', to: '2025-01-10', accuracy: 1 }))).toBe(
      '1 result scored on Jan 10, 2025: the favourite won 100% of them.',
    );
    // Only pick'ems scored: no favourite, so nothing to say about how often one won.
    expect(summaryText(calibrationOf({ n: 2, from: '2025-01-10', to: '2025-02-10' }))).toBe(
      '2 results scored from Jan 10, 2025 to Feb 10, 2025.',
    );
    expect(summaryText(calibrationOf())).toBe('No results have been scored yet.');
  });

  it('starts the chart’s upright axis at 50%, or at the tenth below a bucket whose favourites won less often', () => {
    expect(chartFloor(filledBuckets(SEASON))).toBe(0.5);
    expect(chartFloor([bucket({ observed: 0.43 })])).toBe(0.4);
    expect(chartFloor([bucket({ observed: 0.4 })])).toBe(0.4);
    expect(chartFloor([bucket({ observed: 0 })])).toBe(0);
    expect(chartFloor([])).toBe(0.5);
  });
});
