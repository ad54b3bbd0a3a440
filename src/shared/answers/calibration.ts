import { z } from 'zod';

/**
 * GET /api/v1/ratings/calibration's answer: how well the app's win chance predicted this association's own
 * head-to-head results (supermatches and published tournament matches). Every result is predicted from the ratings
 * as they stood the evening before its day, as the app would have shown it, then scored against what happened.
 * The chance is the favourite's (the side given more than half), so the buckets run from 50% to 100%.
 */

/** The chart shows once this many results were scored; below it, the page says how many more are needed. */
export const CALIBRATION_MIN_RESULTS = 30;

export const favouriteBucketSchema = z.object({
  /** The bucket's range of the favourite's chance, e.g. 0.6 to 0.7 (the last one takes 1.0 too). */
  from: z.number().min(0.5).max(1),
  to: z.number().min(0.5).max(1),
  /** Scored results whose favourite's chance fell in the range. */
  n: z.number().int().min(0),
  /** Their mean chance; null when the bucket is empty. */
  predicted: z.number().min(0).max(1).nullable(),
  /** How often the favourite won; null when the bucket is empty. */
  observed: z.number().min(0).max(1).nullable(),
});
export type FavouriteBucket = z.infer<typeof favouriteBucketSchema>;

export const calibrationSchema = z.object({
  /** Head-to-head results scored (a pick'em, given exactly 50%, is scored but has no favourite). */
  n: z.number().int().min(0),
  /** What the chart needs: CALIBRATION_MIN_RESULTS. */
  needed: z.number().int().min(1),
  /** The first and last day scored; null when none was. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** How often the favourite won, and the favourite's mean chance; null when none was scored. */
  accuracy: z.number().min(0).max(1).nullable(),
  mean_confidence: z.number().min(0).max(1).nullable(),
  /** The mean log-loss (a coin flip scores 0.693; lower is better); null when none was scored. */
  log_loss: z.number().min(0).nullable(),
  /** Five buckets: 50-60%, 60-70%, 70-80%, 80-90%, 90-100%. */
  buckets: z.array(favouriteBucketSchema).length(5),
});
export type Calibration = z.infer<typeof calibrationSchema>;
