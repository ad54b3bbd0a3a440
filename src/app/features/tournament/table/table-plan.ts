import type { OutboxEntry } from '../../../../shared/outbox/entry.ts';
import { matchRow } from '../../../../shared/tournament-contract/match-row.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory, TournamentEntry } from '../../../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import type { MatchState } from '../../../../shared/tournament/index.ts';
import { tableQueue } from '../common/category-state.ts';
import { isTableResult, layOver, type DeviceState } from '../common/device-plan.ts';

/**
 * What a table device shows: its categories' call queue, worked out from the server's state with this device's own
 * results laid over it (common/device-plan.ts), so the queue moves on offline.
 */

export interface Athlete {
  entry: number;
  name: string;
  club: string | null;
}

/** A match of the queue, with what the screen says of it. */
export interface PlannedMatch {
  category: TournamentCategory;
  /** The server's match row: its id is where its result goes. */
  row: TournamentMatch;
  state: MatchState;
  a: Athlete;
  b: Athlete;
}

export interface TablePlan extends Omit<DeviceState, 'states'> {
  categories: TournamentCategory[];
  queue: PlannedMatch[];
}

export function planTable(opts: {
  tournament: Tournament;
  table: number;
  key: string;
  entries: readonly OutboxEntry[];
  /** When the read was answered (ms): only for results delivered without a version (heldByRead). */
  readAt: number;
}): TablePlan {
  const { tournament, table, key, readAt } = opts;
  const categories = tournament.categories.filter((c) => c.table === table && c.slots.length > 0);
  const { states, ...device } = layOver({
    tournament,
    categories,
    mine: opts.entries.filter(isTableResult(key)),
    readAt,
  });
  const byId = new Map(categories.map((c) => [c.id, c]));
  const athletes = new Map(categories.flatMap((c) => c.entries.map((e) => [e.id, e] as const)));
  const athlete = (entry: number | null): Athlete => {
    const e: TournamentEntry | undefined = entry === null ? undefined : athletes.get(entry);
    return { entry: entry ?? 0, name: e?.name ?? '—', club: e?.club ?? null };
  };
  const queue: PlannedMatch[] = [];
  for (const q of tableQueue(states)) {
    const category = byId.get(Number(q.category))!;
    const row = rowOf(category, q.match);
    if (row) queue.push({ category, row, state: q.match, a: athlete(q.match.a), b: athlete(q.match.b) });
  }
  return { categories, queue, ...device };
}

/**
 * The server's row of a match of the queue. The super final's, when the read does not list it yet (this device's
 * own final, replayed, made it a match: the server lists it only once that final is in), is made from the replayed
 * state under the category's `super_final_id`.
 */
function rowOf(category: TournamentCategory, match: MatchState): TournamentMatch | undefined {
  const row = category.matches.find((m) => m.code === match.code);
  if (row || match.code !== 'F2' || category.super_final_id == null) return row;
  return matchRow(match, category.super_final_id, category);
}
