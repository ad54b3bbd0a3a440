import { CALIBRATION_MIN_RESULTS, type Calibration } from '../../../shared/answers/calibration.ts';

/** A calibration answer for the tests: empty buckets unless given, the totals as given. */
export function calibrationOf(over: Partial<Calibration> = {}): Calibration {
  const edges = [0.5, 0.6, 0.7, 0.8, 0.9, 1];
  return {
    n: 0,
    needed: CALIBRATION_MIN_RESULTS,
    from: null,
    to: null,
    accuracy: null,
    mean_confidence: null,
    log_loss: null,
    buckets: edges.slice(0, 5).map((from, i) => ({ from, to: edges[i + 1]!, n: 0, predicted: null, observed: null })),
    ...over,
  };
}

/** A season's worth: 250 results, four buckets filled, the last one empty. */
export const SEASON = calibrationOf({
  n: 250,
  from: '2024-03-02',
  to: '2025-11-08',
  accuracy: 0.684,
  mean_confidence: 0.66,
  log_loss: 0.61,
  buckets: [
    { from: 0.5, to: 0.6, n: 96, predicted: 0.552, observed: 0.531 },
    { from: 0.6, to: 0.7, n: 80, predicted: 0.648, observed: 0.7 },
    { from: 0.7, to: 0.8, n: 52, predicted: 0.741, observed: 0.769 },
    { from: 0.8, to: 0.9, n: 22, predicted: 0.838, observed: 0.864 },
    { from: 0.9, to: 1, n: 0, predicted: null, observed: null },
  ],
});
