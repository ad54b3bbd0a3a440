import type { CategoryState } from '../../../../shared/tournament/index.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import { categoryState, tableQueue } from '../common/category-state.ts';

/**
 * What the hall's TV shows, from the public read: each table's first two places of its call queue (worked out as
 * the table screen and 'Find an athlete' work them out, so all three always agree) and the categories whose
 * brackets it shows in turn. Pure, so it is tested without a page.
 */

export interface TvMatch {
  /** The category's id and the match's code: stable across reads, for React keys. */
  key: string;
  category: string;
  a: string;
  b: string;
}

export interface TvTable {
  number: number;
  /** The queue's first two: 'Now pulling' and 'On deck' (QUEUE_LABELS); fewer when the table has less to pull. */
  queue: TvMatch[];
  /** Every category at the table is finished: it pulls nothing more. */
  done: boolean;
}

/** How many places of a table's queue the TV shows. */
export const TV_QUEUE_PLACES = 2;

const drawn = (c: TournamentCategory) => c.slots.length > 0;

/** Every table that has a drawn category, by number, with what it pulls now and next. */
export function tvTables(tournament: Tournament): TvTable[] {
  const byTable = new Map<number, TournamentCategory[]>();
  for (const c of tournament.categories) {
    if (c.table === null || !drawn(c)) continue;
    byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  }
  return [...byTable]
    .sort(([x], [y]) => x - y)
    .map(([number, categories]) => {
      const byId = new Map(categories.map((c) => [c.id, c]));
      const states = new Map<number, CategoryState>(
        categories.map((c) => [c.id, categoryState(c, tournament.settings)]),
      );
      const queue = tableQueue(states)
        .slice(0, TV_QUEUE_PLACES)
        .map(({ category: id, match }): TvMatch => {
          const category = byId.get(Number(id))!;
          const names = new Map(category.entries.map((e) => [e.id, e.name]));
          const name = (entry: number | null) => (entry === null ? '—' : (names.get(entry) ?? '—'));
          return {
            key: `${category.id}-${match.code}`,
            category: category.name,
            a: name(match.a),
            b: name(match.b),
          };
        });
      return { number, queue, done: categories.every((c) => c.status === 'finished' || c.status === 'published') };
    });
}

/** The categories whose brackets the TV shows in turn: drawn and not finished, in the tournament's order. */
export const tvCategories = (tournament: Tournament): TournamentCategory[] =>
  tournament.categories.filter((c) => drawn(c) && c.status === 'running');
