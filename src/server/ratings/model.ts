import { rate, rating as newRating, type Rating } from 'openskill';
import { SKILL_MAX, SKILL_MIN } from '../../shared/skill.ts';
import { matchWinChance } from '../../shared/win-chance.ts';

/**
 * The rating model: openskill's Weng-Lin (Plackett-Luce), one rating per athlete per hand, and the win chance
 * the app shows. docs/rating-model.md gives every constant's value, how it was fitted and the evaluation's
 * figures; change them there too. Every function takes the constants as an argument (the app's by default), so
 * the evaluation (`npm run ratings -- evaluate`) and the fit run the very code the app runs.
 */
export interface ModelConstants {
  /** A newcomer's mean and uncertainty. */
  mu: number;
  sigma: number;
  /** Uncertainty added before every rated result, so ratings keep moving. */
  tau: number;
  /** Performance spread within one pin (openskill's beta). */
  beta: number;
  /**
   * How firmly the win chance's calibration (temperature.ts) holds to the model until the association's own
   * results say otherwise: the precision of its prior around 1.
   */
  calibrationPrior: number;
  /** Skill shown = skillOffset + skillScale x (mu - 3 sigma), clamped to 0-60. A newcomer shows 25. */
  skillOffset: number;
  skillScale: number;
}

/**
 * The model's version: raise it with any change of the constants below. The engine stores the version and
 * constants beside the ratings; when they differ, it recomputes every rating once and the decision log says so.
 */
export const MODEL_VERSION = 2;

export const MODEL: ModelConstants = {
  mu: 25,
  sigma: 25 / 3,
  tau: 25 / 300,
  beta: 25 / 12,
  calibrationPrior: 5,
  /** So that a newcomer shows 25: 25 - (mu - 3 sigma). */
  skillOffset: 25,
  skillScale: 1,
};

export type { Rating };

export const freshRating = (m: ModelConstants = MODEL): Rating => newRating({ mu: m.mu, sigma: m.sigma });

/** The conservative estimate: what leaderboards are ordered by. */
export const ordinal = (r: Rating): number => r.mu - 3 * r.sigma;

/** Monotonic in the conservative estimate, clamped to the 0-60 people see; two decimals. */
export function skillOf(r: Rating, m: ModelConstants = MODEL): number {
  const raw = m.skillOffset + m.skillScale * ordinal(r);
  const clamped = Math.min(SKILL_MAX, Math.max(SKILL_MIN, raw));
  return Math.round(clamped * 100) / 100;
}

const openskillOptions = (m: ModelConstants) => ({ mu: m.mu, sigma: m.sigma, tau: m.tau, beta: m.beta });

/** A bracket's final placings rated as one ranking (equal places are ties). */
export function rateBracket(ratings: Rating[], places: number[], m: ModelConstants = MODEL): Rating[] {
  if (ratings.length < 2) return ratings;
  return rate(
    ratings.map((r) => [r]),
    { ...openskillOptions(m), rank: places },
  ).map((team) => team[0]!);
}

/**
 * A supermatch rated as its pins, weighted by best-of: each pin is a
 * head-to-head game whose change is scaled by 1 / (pins needed to win), so a
 * sweep counts as one full win and a close score as less. The pins alternate
 * (winner's first) so the order is fixed and the result deterministic.
 */
export function rateSupermatch(
  a: Rating,
  b: Rating,
  aWins: number,
  bWins: number,
  bestOf: number,
  m: ModelConstants = MODEL,
): [Rating, Rating] {
  const weight = 1 / Math.ceil(bestOf / 2);
  const winnerIsA = aWins >= bWins;
  const pins: ('A' | 'B')[] = [];
  let left = { A: aWins, B: bWins };
  let turn: 'A' | 'B' = winnerIsA ? 'A' : 'B';
  while (left.A + left.B > 0) {
    if (left[turn] > 0) {
      pins.push(turn);
      left = { ...left, [turn]: left[turn] - 1 };
    }
    turn = turn === 'A' ? 'B' : 'A';
  }
  const options = openskillOptions(m);
  let ra = a;
  let rb = b;
  for (const pin of pins) {
    const [teamA, teamB] = rate([[ra], [rb]], { ...options, rank: pin === 'A' ? [1, 2] : [2, 1] });
    ra = blend(ra, teamA[0], weight);
    rb = blend(rb, teamB[0], weight);
  }
  return [ra, rb];
}

/** Moves a rating a fraction of the way to its fully updated value (mean, and variance). */
function blend(before: Rating, after: Rating, weight: number): Rating {
  return {
    mu: before.mu + weight * (after.mu - before.mu),
    sigma: Math.sqrt(before.sigma ** 2 + weight * (after.sigma ** 2 - before.sigma ** 2)),
  };
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26 through erf; error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The model's chance that `a` beats `b` in one pin (openskill's predictWin for two): their performances differ by
 * a normal amount, with mean mu_a - mu_b and the variance of both ratings' uncertainty and both pins' spread.
 */
export function pinWinChance(a: Rating, b: Rating, m: ModelConstants = MODEL): number {
  return normalCdf((a.mu - b.mu) / Math.sqrt(a.sigma ** 2 + b.sigma ** 2 + 2 * m.beta ** 2));
}

/** Points and weights of a standard normal, for the match chance's average over the day's strength difference. */
const NODES = (() => {
  const points: { z: number; w: number }[] = [];
  const step = 0.25;
  for (let z = -6; z <= 6 + 1e-9; z += step)
    points.push({ z, w: (step * Math.exp((-z * z) / 2)) / Math.sqrt(2 * Math.PI) });
  return points;
})();

/**
 * The model's chance that `a` wins a best-of-N supermatch. The difference d of the two pullers' strengths is not
 * known, only its normal distribution (mean mu_a - mu_b, the variance of both ratings' uncertainty); given d, each
 * pin is won with the same chance Phi(d / (sqrt 2 beta)), and the match needs ceil(N / 2) of them
 * (matchWinChance). Averaging over d, rather than multiplying out the average pin chance, is what makes the pins
 * of one match correlated, as they are: whoever is truly stronger tends to take them all, and a match between two
 * barely known pullers stays near 50% however long it is. Best of 1 gives the pin chance.
 */
export function matchChance(a: Rating, b: Rating, bestOf: number, m: ModelConstants = MODEL): number {
  if (Math.ceil(Math.max(1, bestOf) / 2) === 1) return pinWinChance(a, b, m);
  const mean = a.mu - b.mu;
  const spread = Math.sqrt(a.sigma ** 2 + b.sigma ** 2);
  const pinSpread = Math.SQRT2 * m.beta;
  let total = 0;
  for (const { z, w } of NODES) total += w * matchWinChance(normalCdf((mean + spread * z) / pinSpread), bestOf);
  return total;
}
