import { classLabel, type Units } from '../../../shared/association.ts';
import { compareText } from '../../../shared/compare-text.ts';
import type { Hand, Leaderboard } from '../../../shared/rankings.ts';
import { classAndLower } from '../../../shared/weight-classes.ts';

/** The pure rules of one leaderboard table. */

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

/** 'Combined overall', '80 kg' or '198 lbs + lower'. */
export function stickyLabel({ weightClass, combine }: BoardView, units: Units): string {
  if (weightClass === null) return 'Combined overall';
  return `${classLabel(weightClass, units)}${combine ? ' + lower' : ''}`;
}

/** The classes a view shows: one class, or it and every lighter one when combining. */
export function classesInView(view: BoardView, classes: readonly string[]): Set<string> | null {
  if (view.weightClass === null) return null;
  return new Set(view.combine ? classAndLower(view.weightClass, classes) : [view.weightClass]);
}

/** An athlete's place in the previous ranking: higher skill first, ties by name. */
interface Previous {
  skill: number;
  name: string;
}
/**
 * Ties by name as the server breaks them in its rankings (rankings/standings.ts): by characters
 * (shared/compare-text.ts). Many athletes share a skill (everyone still calibrating), so names break many
 * ties. A locale's collator did it before; made when this module loaded, it was 14 to 28 ms of the
 * start-up's longest task on every screen.
 */
const previousOrder = (a: Previous, b: Previous) => b.skill - a.skill || compareText(a.name, b.name);
const aheadOf = (a: Previous, b: Previous) => previousOrder(a, b) < 0;

/** How many of a list in previous order are ahead of `x` (x itself is not). */
function countAhead(list: readonly Previous[], x: Previous): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (aheadOf(list[mid]!, x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface ClassIndex {
  /** Positions in the hand's ranking (best first) of the class's athletes. */
  members: number[];
  /** The class's athletes with a previous skill, in previous order. */
  previous: Previous[];
}

interface HandIndex {
  skills: (number | undefined)[];
  byClass: Map<string, ClassIndex>;
}

const indexes = new WeakMap<Leaderboard, Partial<Record<Hand, HandIndex>>>();

/**
 * Built once per leaderboard answer (in idle time after the first paint, see
 * `prepareClassViews`): each class's members and previous order, so a class
 * change reads a few short lists instead of walking 5,000 athletes, whose
 * cost showed on the first, still unoptimised, click.
 */
function handIndex(board: Leaderboard, hand: Hand): HandIndex {
  const byHand = indexes.get(board) ?? {};
  indexes.set(board, byHand);
  return (byHand[hand] ??= (() => {
    const before = board.cons_asof[hand];
    const byClass = new Map<string, ClassIndex>();
    const skills = board.ranks[hand].map(({ name }, i) => {
      const weightClass = board.weights[name] ?? '';
      let entry = byClass.get(weightClass);
      if (!entry) byClass.set(weightClass, (entry = { members: [], previous: [] }));
      entry.members.push(i);
      const skill = before[name];
      if (skill !== undefined) entry.previous.push({ skill, name });
      return skill;
    });
    for (const entry of byClass.values()) entry.previous.sort(previousOrder);
    return { skills, byClass };
  })());
}

/** Builds the class views of one hand of a leaderboard ahead of the first class change. */
export function prepareClassViews(board: Leaderboard, hand: Hand): void {
  handIndex(board, hand);
}

/** One hand in one view: how many athletes it shows, and the classes it draws from (null: everyone). */
export interface HandView {
  total: number;
  classes: ClassIndex[] | null;
}

export function handView(board: Leaderboard, hand: Hand, view: BoardView): HandView {
  const inView = classesInView(view, board.classes);
  if (!inView) return { total: board.ranks[hand].length, classes: null };
  const { byClass } = handIndex(board, hand);
  const classes = [...inView].flatMap((c) => byClass.get(c) ?? []);
  return { total: classes.reduce((n, c) => n + c.members.length, 0), classes };
}

/** The first `limit` positions in the hand's ranking among the view's classes (a merge of their lists). */
function topPositions({ total, classes }: HandView, limit: number): number[] {
  const count = Math.min(limit, total);
  if (!classes) return Array.from({ length: count }, (_, i) => i);
  const next = classes.map(() => 0);
  const out: number[] = [];
  while (out.length < count) {
    let best = -1;
    classes.forEach((c, k) => {
      const pos = c.members[next[k]!];
      if (pos !== undefined && (best < 0 || pos < classes[best]!.members[next[best]!]!)) best = k;
    });
    out.push(classes[best]!.members[next[best]!++]!);
  }
  return out;
}

/**
 * The first `limit` ranked rows of one hand in a view. Overall, the server's
 * deltas; within classes, the movement within the same set of classes, from
 * the skills as of the previous ranking (higher first, ties by name).
 */
export function rowsFor(
  board: Leaderboard,
  hand: Hand,
  view: BoardView,
  limit = Infinity,
  hv: HandView = handView(board, hand, view),
): Row[] {
  const ranks = board.ranks[hand];
  const top = topPositions(hv, limit);
  if (!hv.classes)
    return top.map((i, r) => ({ name: ranks[i]!.name, rank: r + 1, delta: board.deltas[hand][ranks[i]!.name] ?? 0 }));
  const classes = hv.classes;
  const { skills } = handIndex(board, hand);
  return top.map((i, r) => {
    const name = ranks[i]!.name;
    const skill = skills[i];
    if (skill === undefined) return { name, rank: r + 1, delta: 0 };
    const was = 1 + classes.reduce((n, c) => n + countAhead(c.previous, { skill, name }), 0);
    return { name, rank: r + 1, delta: was - (r + 1) };
  });
}
