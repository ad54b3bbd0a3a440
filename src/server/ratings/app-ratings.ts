import type { Hand } from '../../shared/rankings.ts';
import { rateUnit, type Match, type Unit } from './units.ts';
import { freshRating, matchChance, MODEL, pinWinChance, type ModelConstants, type Rating } from './model.ts';
import { ratingKey, scored } from './replay.ts';
import { calibrate, Temperature } from './temperature.ts';

/**
 * The chances the app shows for A against B: one pin, and the best-of-N match, each the model's chance with the
 * calibration's temperature `s` applied. The head-to-head's answer (the back of a supermatch card) and the
 * evaluation both come here.
 */
export function shownChances(
  a: Rating,
  b: Rating,
  bestOf: number,
  s: number,
  m: ModelConstants = MODEL,
): { pin: number; match: number } {
  return { pin: calibrate(pinWinChance(a, b, m), s), match: calibrate(matchChance(a, b, bestOf, m), s) };
}

/** A decided head-to-head result as the app predicted it the evening before. */
export interface DayPrediction {
  unit: Match;
  /** The model's chance that A wins, before calibration. */
  raw: number;
  /** The chance shown: calibrated by the results before the day. */
  shown: number;
}

/**
 * The app's model at work: every athlete's rating per hand, and the win chance's calibration (temperature.ts).
 * The engine (stored ratings), the evaluation's `app` and `app_pin`, and the head-to-head's chance all go through
 * it, so what is measured is what the app shows. A day at a time: `day` predicts the day's decided head-to-head
 * results from the ratings of the evening before, then rates every result of the day, then learns the
 * calibration from the day's outcomes.
 */
export class AppRatings {
  readonly ratings = new Map<string, Rating>();
  readonly temperature: Temperature;
  private readonly fresh: Rating;

  constructor(readonly m: ModelConstants = MODEL) {
    this.temperature = new Temperature(m.calibrationPrior);
    this.fresh = freshRating(m);
  }

  get(athleteId: number, hand: Hand): Rating {
    return this.ratings.get(ratingKey(athleteId, hand)) ?? this.fresh;
  }

  /** The chances shown for A against B now. */
  chances(a: Rating, b: Rating, bestOf: number): { pin: number; match: number } {
    return shownChances(a, b, bestOf, this.temperature.s, this.m);
  }

  /** The model's chance (before calibration) that A wins the match. */
  raw(u: Match): number {
    return matchChance(this.get(u.a, u.hand), this.get(u.b, u.hand), u.bestOf, this.m);
  }

  /** Predicts, rates and learns one day. Returns the day's predictions and the ratings it changed. */
  day(units: readonly Unit[]): { predictions: DayPrediction[]; touched: Set<string> } {
    const predictions = units.filter(scored).map((unit): DayPrediction => {
      const raw = this.raw(unit);
      return { unit, raw, shown: this.temperature.apply(raw) };
    });
    const touched = new Set<string>();
    for (const u of units) {
      rateUnit(
        u,
        (id, hand) => this.get(id, hand),
        (id, hand, r) => {
          this.ratings.set(ratingKey(id, hand), r);
          touched.add(ratingKey(id, hand));
        },
        this.m,
      );
    }
    for (const p of predictions) this.temperature.add(p.raw, p.unit.aWins > p.unit.bWins);
    this.temperature.refit();
    return { predictions, touched };
  }
}
