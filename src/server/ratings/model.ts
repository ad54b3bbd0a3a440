import { predictWin, rate, rating as newRating, type Rating } from 'openskill';
import { SKILL_MAX, SKILL_MIN } from '../../shared/skill.ts';

/**
 * The rating model: openskill's Weng-Lin (Plackett-Luce) with its default
 * constants, one rating per athlete per hand. docs/rating-model.md documents every
 * constant here; change them there too.
 */
export const MODEL = {
  /** A newcomer's mean and uncertainty (openskill's defaults). */
  mu: 25,
  sigma: 25 / 3,
  /** Uncertainty added before every rated result, so ratings keep moving (openskill's default, mu/300). */
  tau: 25 / 300,
  /** Performance spread within one result (openskill's default, sigma/2). */
  beta: 25 / 6,
  /** Skill shown = SKILL_OFFSET + SKILL_SCALE x (mu - 3 sigma), clamped to 0-60. A newcomer shows 25. */
  skillOffset: 25,
  skillScale: 1,
} as const;

export type { Rating };

export const freshRating = (): Rating => newRating({ mu: MODEL.mu, sigma: MODEL.sigma });

/** The conservative estimate: what leaderboards are ordered by. */
export const ordinal = (r: Rating): number => r.mu - 3 * r.sigma;

/** Monotonic in the conservative estimate, clamped to the 0-60 people see; two decimals. */
export function skillOf(r: Rating): number {
  const raw = MODEL.skillOffset + MODEL.skillScale * ordinal(r);
  const clamped = Math.min(SKILL_MAX, Math.max(SKILL_MIN, raw));
  return Math.round(clamped * 100) / 100;
}

const options = { mu: MODEL.mu, sigma: MODEL.sigma, tau: MODEL.tau, beta: MODEL.beta };

/** A bracket's final placings rated as one ranking (equal places are ties). */
export function rateBracket(ratings: Rating[], places: number[]): Rating[] {
  if (ratings.length < 2) return ratings;
  return rate(
    ratings.map((r) => [r]),
    { ...options, rank: places },
  ).map((team) => team[0]!);
}

/**
 * A supermatch rated as its pins, weighted by best-of: each pin is a
 * head-to-head game whose change is scaled by 1 / (pins needed to win), so a
 * sweep counts as one full win and a close score as less. The pins alternate
 * (winner's first) so the order is fixed and the result deterministic.
 */
export function rateSupermatch(a: Rating, b: Rating, aWins: number, bWins: number, bestOf: number): [Rating, Rating] {
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

/** The model's chance that `a` beats `b` in one pin (openskill's predictWin with the model's constants). */
export function pinWinChance(a: Rating, b: Rating): number {
  return predictWin([[a], [b]], options)[0]!;
}
