import type { Hand } from '../../shared/rankings.ts';
import { MODEL, rateBracket, rateSupermatch, type ModelConstants, type Rating } from './model.ts';

/** The results as the rating engine rates them: a bracket's placings, or a match's pins (engine.ts loads them). */

export interface Bracket {
  kind: 'bracket';
  date: string;
  hand: Hand;
  entries: { athleteId: number; place: number }[];
}
export interface Match {
  kind: 'match';
  date: string;
  hand: Hand;
  a: number;
  b: number;
  aWins: number;
  bWins: number;
  bestOf: number;
}
export type Unit = Bracket | Match;

/**
 * Rates one result: a bracket as one ranking, a match pin by pin. The one place a result turns into ratings, for
 * the stored ratings and for the evaluation's replay alike (which passes other constants when it fits them).
 */
export function rateUnit(
  unit: Unit,
  get: (athleteId: number, hand: Hand) => Rating,
  set: (athleteId: number, hand: Hand, r: Rating) => void,
  m: ModelConstants = MODEL,
): void {
  if (unit.kind === 'bracket') {
    const after = rateBracket(
      unit.entries.map((e) => get(e.athleteId, unit.hand)),
      unit.entries.map((e) => e.place),
      m,
    );
    unit.entries.forEach((e, i) => set(e.athleteId, unit.hand, after[i]!));
  } else {
    const [a, b] = rateSupermatch(
      get(unit.a, unit.hand),
      get(unit.b, unit.hand),
      unit.aWins,
      unit.bWins,
      unit.bestOf,
      m,
    );
    set(unit.a, unit.hand, a);
    set(unit.b, unit.hand, b);
  }
}
