import type { Hand } from '../../shared/rankings.ts';
import type { Match, Unit } from './units.ts';

/**
 * The evaluation's replay: results in the engine's order, a day at a time. Before a day is rated, every
 * head-to-head result of that day (a supermatch, or a published tournament's match) is predicted from the ratings
 * as they stood the evening before; then the whole day is rated. No result is therefore predicted from ratings
 * that include it, or include anything else of its day. Brackets (placings without their matches) are rated but
 * not predicted: they name no pair. A drawn supermatch (3-3 in a best of 6) is rated but not scored.
 */

/** A rating model as the replay drives it. */
export interface Predictor {
  readonly name: string;
  /** The chance that side A wins the match, from the current ratings. */
  predict(match: Match): number;
  /** Rates one day's results, in the engine's order. */
  rateDay(units: Unit[]): void;
}

export interface Prediction {
  date: string;
  /** The predicted chance that A wins. */
  p: number;
  /** 1 when A won, 0 when B did. */
  won: 0 | 1;
}

/** The results grouped by day (they come sorted by date). */
export function days(units: readonly Unit[]): Unit[][] {
  const out: Unit[][] = [];
  for (const u of units) {
    const last = out.at(-1);
    if (last && last[0]!.date === u.date) last.push(u);
    else out.push([u]);
  }
  return out;
}

/** Matches that can be scored: decided ones (a draw has no winner to predict). */
export const scored = (u: Unit): u is Match => u.kind === 'match' && u.aWins !== u.bWins;

/** Replays every day through the predictor; the predictions of every decided match, in order. */
export function replay(byDay: readonly Unit[][], model: Predictor): Prediction[] {
  const out: Prediction[] = [];
  for (const day of byDay) {
    // All of the day's predictions first: the ratings do not move until the day is rated.
    for (const u of day) if (scored(u)) out.push({ date: u.date, p: model.predict(u), won: u.aWins > u.bWins ? 1 : 0 });
    model.rateDay(day);
  }
  return out;
}

/**
 * The first day of the scored part: the split between two days that leaves the days after it holding the share
 * of the scored results closest to `share` (the smaller part on a tie; at least one day). A league's results come
 * in lumps (a published tournament's matches are all on its day), so the split falls between days, near the share
 * rather than never above it. Everything before warms the ratings up.
 */
export function testFrom(byDay: readonly Unit[][], share: number): string | null {
  const counts = byDay.map((d) => d.filter(scored).length);
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const target = share * total;
  let tail = 0;
  let best: { from: string; miss: number } | null = null;
  for (let i = byDay.length - 1; i >= 0; i--) {
    if (counts[i] === 0) continue;
    tail += counts[i]!;
    const miss = Math.abs(tail - target);
    if (best === null || miss < best.miss) best = { from: byDay[i]![0]!.date, miss };
  }
  return best!.from;
}

/** Ratings kept per athlete per hand, as the app keeps them. */
export const ratingKey = (athleteId: number, hand: Hand): string => `${athleteId}:${hand}`;
