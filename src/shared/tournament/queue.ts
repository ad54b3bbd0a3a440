/**
 * What a table pulls next, and what an athlete sees of it. A table runs one or more categories; its queue is
 * derived from their states, so it is the same on the table device and on the server and moves with every
 * result (a table only ever changes when a result is recorded at it, or corrected at the head table).
 */
import type { CategoryState, MatchState } from './derive.ts';
import { type EntryId, placeLabel } from './rules.ts';
import type { BracketStructure } from './structure.ts';

/** The order a category's matches are pulled in (see `buildBracket`): W1, L1, W2, L2, W3, L3, L4, W4, ... */
export const playOrder = (structure: BracketStructure): string[] => structure.matches.map((m) => m.code);

/** A category at a table; `key` is the caller's id for it (the server's category id). */
export interface TableCategory {
  key: string;
  state: CategoryState;
}

export interface QueuedMatch {
  category: string;
  match: MatchState;
}

/** The first three places of a table's queue. */
export const QUEUE_LABELS = ['Now pulling', 'On deck', 'In the hole'] as const;

/**
 * How far a match is through its category: its place in play order over the category's match count. Queues
 * interleave categories by it, so the categories at a table advance at the same pace and finish together, and
 * a category's athletes rest while the others pull.
 */
const progress = (m: MatchState, c: TableCategory) => m.spec.order / c.state.structure.matches.length;

/** The not-done matches of a table (ready or, with `waiting`, also those waiting), by progress then category. */
function tableOrder(categories: readonly TableCategory[], waiting: boolean): QueuedMatch[] {
  const rows = categories.flatMap((c, index) =>
    c.state.matches
      .filter((m) => m.status === 'ready' || (waiting && m.status === 'waiting'))
      .map((match) => ({ category: c.key, match, key: progress(match, c), index })),
  );
  rows.sort((x, y) => x.key - y.key || x.index - y.index || x.match.spec.order - y.match.spec.order);
  return rows.map(({ category, match }) => ({ category, match }));
}

const shareAthlete = (x: MatchState, y: MatchState) => [x.a, x.b].some((e) => e !== null && (e === y.a || e === y.b));

/**
 * The ready matches of a table in the order they are pulled: by progress through their category (categories
 * in the order given break ties); then, so nobody pulls twice in a row (an athlete in both hands at one table),
 * a match that shares an athlete with the one before it waits behind the next match that does not, if any.
 */
export function callQueue(categories: readonly TableCategory[]): QueuedMatch[] {
  const pool = tableOrder(categories, false);
  const queue: QueuedMatch[] = [];
  while (pool.length > 0) {
    const last = queue[queue.length - 1]?.match;
    const pick = last ? pool.findIndex((q) => !shareAthlete(q.match, last)) : 0;
    queue.push(...pool.splice(pick < 0 ? 0 : pick, 1));
  }
  return queue;
}

export type Outlook =
  /** The next match: `ahead` matches are pulled before it at the table (0: now pulling). */
  | { kind: 'next'; table: number; match: string; ahead: number; ready: boolean }
  /** Out of the category (or through it): the final place. */
  | { kind: 'placed'; place: number; last: number }
  | { kind: 'disqualified' }
  | { kind: 'not_entered' };

export interface Table {
  number: number;
  categories: readonly TableCategory[];
}

/**
 * An entry's outlook in its category at its table: its next match and how many matches are ahead of it, or its
 * final place once out. For a match still waiting for an opponent, `ahead` is an estimate: the ready matches
 * of the table plus the waiting ones before it in the table's order. An athlete in both hands has two entries:
 * ask for each.
 */
export function athleteOutlook(table: Table, categoryKey: string, entry: EntryId): Outlook {
  const category = table.categories.find((c) => c.key === categoryKey);
  const state = category?.state;
  if (!state || !state.slots.includes(entry)) return { kind: 'not_entered' };
  if (state.left.get(entry)?.method === 'dq') return { kind: 'disqualified' };
  const placed = state.places.find((p) => p.entry === entry);
  if (placed) return { kind: 'placed', place: placed.place, last: placed.last };
  const next = state.matches.find((m) => m.status !== 'done' && (m.a === entry || m.b === entry));
  if (!next) return { kind: 'not_entered' };
  const isNext = (q: QueuedMatch) => q.category === categoryKey && q.match.code === next.code;
  if (next.status === 'ready') {
    return {
      kind: 'next',
      table: table.number,
      match: next.code,
      ahead: callQueue(table.categories).findIndex(isNext),
      ready: true,
    };
  }
  const all = tableOrder(table.categories, true);
  const waitingBefore = all.slice(0, all.findIndex(isNext)).filter((q) => q.match.status === 'waiting').length;
  const readyCount = all.filter((q) => q.match.status === 'ready').length;
  return { kind: 'next', table: table.number, match: next.code, ahead: readyCount + waitingBefore, ready: false };
}

/** 'Table 3 · on deck', 'Table 3 · 4 matches ahead', '5th–6th place', ... */
export function outlookText(outlook: Outlook): string {
  switch (outlook.kind) {
    case 'next': {
      const where =
        outlook.ahead < QUEUE_LABELS.length
          ? QUEUE_LABELS[outlook.ahead]!.toLowerCase()
          : `${outlook.ahead} matches ahead`;
      return `Table ${outlook.table} · ${where}`;
    }
    case 'placed':
      return `${placeLabel(outlook.place, outlook.last)} place`;
    case 'disqualified':
      return 'Disqualified';
    case 'not_entered':
      return 'Not in this category';
  }
}
