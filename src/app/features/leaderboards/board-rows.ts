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

/** One hand's athletes, best first, with each one's class and previous skill at the same index. */
interface HandIndex {
  names: string[];
  classes: string[];
  skills: (number | undefined)[];
}
const indexes = new WeakMap<Leaderboard, Partial<Record<Hand, HandIndex>>>();

/** Built once per leaderboard answer: a class change then reads plain arrays, not 5,000-key objects. */
function handIndex(board: Leaderboard, hand: Hand): HandIndex {
  const byHand = indexes.get(board) ?? {};
  indexes.set(board, byHand);
  return (byHand[hand] ??= (() => {
    const names = board.ranks[hand].map((r) => r.name);
    const before = board.cons_asof[hand];
    return { names, classes: names.map((n) => board.weights[n] ?? ''), skills: names.map((n) => before[n]) };
  })());
}

/** The athletes of one hand in a view, best first, with their previous skills. */
export interface HandView {
  names: string[];
  skills: (number | undefined)[];
}

export function handView(board: Leaderboard, hand: Hand, view: BoardView): HandView {
  const inView = classesInView(view, board.classes);
  const all = handIndex(board, hand);
  if (!inView) return all;
  const names: string[] = [];
  const skills: (number | undefined)[] = [];
  all.classes.forEach((c, i) => {
    if (inView.has(c)) {
      names.push(all.names[i]!);
      skills.push(all.skills[i]);
    }
  });
  return { names, skills };
}

/**
 * The first `limit` ranked rows of one hand in a view. Overall, the server's
 * deltas; within classes, the movement within the same set of classes, from
 * the skills as of the previous ranking (higher first, ties by name). With
 * the usual ten rows shown, each one's previous place is counted instead of
 * sorting the whole class: a class change stays quick on 5,000 athletes.
 */
export function rowsFor(
  board: Leaderboard,
  hand: Hand,
  view: BoardView,
  limit = Infinity,
  { names, skills }: HandView = handView(board, hand, view),
): Row[] {
  const top = names.slice(0, limit);
  if (view.weightClass === null) return top.map((name, i) => ({ name, rank: i + 1, delta: board.deltas[hand][name] ?? 0 }));

  // Whether athlete j was ahead of athlete i in the previous ranking.
  const ahead = (j: number, i: number) => {
    const sj = skills[j];
    const si = skills[i]!;
    return sj !== undefined && (sj > si || (sj === si && j !== i && names[j]!.localeCompare(names[i]!) < 0));
  };
  let previousRank: (i: number) => number;
  if (top.length * 8 < names.length) {
    previousRank = (i) => {
      let rank = 1;
      for (let j = 0; j < names.length; j++) if (ahead(j, i)) rank++;
      return rank;
    };
  } else {
    const order = names.map((_, i) => i).filter((i) => skills[i] !== undefined);
    order.sort((a, b) => (ahead(a, b) ? -1 : ahead(b, a) ? 1 : 0));
    const ranks = new Map(order.map((i, k) => [i, k + 1]));
    previousRank = (i) => ranks.get(i)!;
  }
  return top.map((name, i) => ({ name, rank: i + 1, delta: skills[i] === undefined ? 0 : previousRank(i) - (i + 1) }));
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
