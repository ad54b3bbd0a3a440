import type { Hand, Leaderboard } from '../../../shared/rankings.ts';
import { classAndLower } from '../../../shared/weight-classes.ts';

/** The pure rules of one leaderboard table (spec part 1 §2, §4, §9). */

export const INITIAL_ROWS = 10;

export interface BoardView {
  /** null: every class ('Combined overall'). */
  weightClass: string | null;
  combine: boolean;
}

export interface Row {
  name: string;
  rank: number;
  /** Places moved up (positive) or down since the previous ranking; 0 when unknown. */
  delta: number;
}

export function stickyLabel({ weightClass, combine }: BoardView): string {
  if (weightClass === null) return 'Combined overall';
  return `${weightClass} lbs${combine ? ' + lower' : ''}`;
}

/** The classes a view shows: one class, or it and every lighter one when combining. */
export function classesInView(view: BoardView, classes: readonly string[]): Set<string> | null {
  if (view.weightClass === null) return null;
  return new Set(view.combine ? classAndLower(view.weightClass, classes) : [view.weightClass]);
}

/**
 * The ranked rows of one hand in a view. Overall, the server's deltas; within
 * classes, the movement within the same set of classes, from the skills as of
 * the previous ranking.
 */
export function rowsFor(board: Leaderboard, hand: Hand, view: BoardView): Row[] {
  const inView = classesInView(view, board.classes);
  const names = board.ranks[hand].map((r) => r.name).filter((n) => !inView || inView.has(board.weights[n] ?? ''));
  if (!inView) return names.map((name, i) => ({ name, rank: i + 1, delta: board.deltas[hand][name] ?? 0 }));

  const before = board.cons_asof[hand];
  const previous = names
    .filter((n) => before[n] !== undefined)
    .sort((a, b) => before[b]! - before[a]! || a.localeCompare(b));
  const previousRank = new Map(previous.map((n, i) => [n, i + 1]));
  return names.map((name, i) => {
    const was = previousRank.get(name);
    return { name, rank: i + 1, delta: was === undefined ? 0 : was - (i + 1) };
  });
}

/** Part 2 §9: trophies for ranks 1-3, numbered badges 4-10 (top10_a for 4-5, top10_b for 6-10). */
export type RankBadge = { kind: 'trophy'; rank: 1 | 2 | 3 } | { kind: 'top10_a' | 'top10_b'; rank: number } | null;

export function rankBadge(rank: number | null | undefined): RankBadge {
  if (!rank || rank < 1 || rank > 10 || !Number.isInteger(rank)) return null;
  if (rank <= 3) return { kind: 'trophy', rank: rank as 1 | 2 | 3 };
  return { kind: rank <= 5 ? 'top10_a' : 'top10_b', rank };
}

/** Skill as people see it: a number in dev environments, 'Calibrating' elsewhere (part 1 §2). */
export function skillText(skill: number | undefined, dev: boolean): string {
  if (!dev) return 'Calibrating';
  return (skill ?? 40).toFixed(1);
}
