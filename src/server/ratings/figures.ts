import type { Prediction } from './replay.ts';

/**
 * How well a list of predictions did. Every figure is from the favourite's side or symmetric, so it does not
 * depend on which of the two names a file wrote first.
 */
export interface Bucket {
  from: number;
  to: number;
  n: number;
  /** The mean predicted chance in the bucket; null when empty. */
  predicted: number | null;
  /** How often the side given that chance won; null when empty. */
  observed: number | null;
}

export interface Figures {
  n: number;
  /** Mean of -ln(chance given to what happened); a coin flip scores ln 2 = 0.693. */
  log_loss: number;
  /** Mean squared error of the chance; a coin flip scores 0.25. */
  brier: number;
  /** How often the favourite won (a 50% pick'em counts half). */
  accuracy: number;
  /** The favourite's mean chance. */
  mean_confidence: number;
  /**
   * Ten buckets of predicted chance (0-10% … 90-100%). Each result counts once from each side (A's chance and
   * whether A won; B's and whether B won), so the buckets mirror each other and their counts add up to 2n.
   */
  calibration: Bucket[];
}

const EPS = 1e-12;

export function figures(predictions: readonly Prediction[]): Figures {
  const n = predictions.length;
  let logLoss = 0;
  let brier = 0;
  let accuracy = 0;
  let confidence = 0;
  const sums = Array.from({ length: 10 }, () => ({ n: 0, p: 0, won: 0 }));
  const add = (p: number, won: number) => {
    const b = sums[Math.min(9, Math.floor(p * 10))]!;
    b.n += 1;
    b.p += p;
    b.won += won;
  };
  for (const { p, won } of predictions) {
    const given = won ? p : 1 - p;
    logLoss -= Math.log(Math.min(1 - EPS, Math.max(EPS, given)));
    brier += (p - won) ** 2;
    accuracy += given > 0.5 ? 1 : given === 0.5 ? 0.5 : 0;
    confidence += Math.max(p, 1 - p);
    add(p, won);
    add(1 - p, 1 - won);
  }
  const mean = (x: number) => (n ? x / n : 0);
  return {
    n,
    log_loss: mean(logLoss),
    brier: mean(brier),
    accuracy: mean(accuracy),
    mean_confidence: mean(confidence),
    calibration: sums.map((b, i) => ({
      from: i / 10,
      to: (i + 1) / 10,
      n: b.n,
      predicted: b.n ? b.p / b.n : null,
      observed: b.n ? b.won / b.n : null,
    })),
  };
}

/** The bucket-weighted mean of |predicted - observed|. */
export function calibrationError(buckets: readonly Bucket[]): number {
  let n = 0;
  let err = 0;
  for (const b of buckets) {
    if (!b.n) continue;
    n += b.n;
    err += b.n * Math.abs(b.predicted! - b.observed!);
  }
  return n ? err / n : 0;
}
