import type { OutboxEntry } from '../../../../shared/outbox/entry.ts';
import {
  applyResult,
  canUndo,
  type CategoryState,
  type MatchResult,
  type MatchState,
} from '../../../../shared/tournament/index.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory, TournamentEntry } from '../../../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import { categoryState, tableQueue } from '../common/category-state.ts';

/**
 * What a table device shows, worked out from the server's state (the tournament's public read, as fresh as the
 * device has it) and this device's own results not yet in it: those still in the outbox, and those delivered
 * after the read was taken. They are applied over the server's state in the order they were tapped, with the
 * same engine the server runs, so the queue moves on offline, after a reload or a restart of the browser. A
 * result that no longer applies (the server decided that match otherwise, or a correction changed who pulls
 * it) is listed as refused, never silently dropped.
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

/** A result of this device the server did not take, or that no longer applies here: shown, with the server's word. */
export interface Refused {
  entry: OutboxEntry;
  summary: string;
  /** Why: the server's message, or the engine's. */
  reason: string;
  /** The server's result for that match now, in words (null: none). */
  server: string | null;
}

export interface TablePlan {
  categories: TournamentCategory[];
  queue: PlannedMatch[];
  /** Results of this device still to be delivered, oldest first. */
  waiting: OutboxEntry[];
  refused: Refused[];
  /**
   * This device's last result in force, if the brackets let it be taken back (nothing later depends on it). The
   * screen withholds it too once the match now pulling has started (called, or marked).
   */
  undo: { entry: OutboxEntry; summary: string } | null;
}

/**
 * Whether the server's read already holds a result this device delivered: the read's version is the one the
 * result's answer named, or later. A read older than the delivery (the service worker's copy, given when the
 * network was slow) does not hold it, whenever it arrived; the clock decides only for a result delivered
 * without a version (by an earlier build).
 */
export function heldByRead(entry: OutboxEntry, tournament: Pick<Tournament, 'version'>, readAt: number): boolean {
  if (entry.state !== 'sent') return false;
  if (entry.version !== undefined && typeof tournament.version === 'number') return tournament.version >= entry.version;
  return (entry.sentAt ?? 0) <= readAt;
}

const isMine = (key: string) => (e: OutboxEntry) => e.kind === 'match_result' && e.table === key && !!e.match;
const byTime = (x: OutboxEntry, y: OutboxEntry) => x.createdAt - y.createdAt;

/** The result an entry carries, with the athletes it was recorded for (what the engine compares). */
function resultOf(entry: OutboxEntry): MatchResult {
  const p = entry.payload as Partial<MatchResult>;
  return {
    winner: p.winner ?? 'A',
    method: p.method ?? 'pin',
    warnings_a: p.warnings_a ?? 0,
    warnings_b: p.warnings_b ?? 0,
    fouls_a: p.fouls_a ?? 0,
    fouls_b: p.fouls_b ?? 0,
    a: entry.match!.a,
    b: entry.match!.b,
  };
}

/** 'Ann Lee beat Bea Cruz (Pin)' for the server's row of a decided match; null when it is not decided. */
export function serverResultText(row: TournamentMatch | undefined, methodLabel: (m: string) => string): string | null {
  if (!row || row.status !== 'done' || !row.winner) return null;
  const [winner, loser] = row.winner === 'A' ? [row.a, row.b] : [row.b, row.a];
  return `${winner ?? '—'} beat ${loser ?? '—'} (${methodLabel(row.method ?? 'pin')})`;
}

export function planTable(opts: {
  tournament: Tournament;
  table: number;
  key: string;
  entries: readonly OutboxEntry[];
  /** When the read was answered (ms): only for results delivered without a version (heldByRead). */
  readAt: number;
  methodLabel: (m: string) => string;
}): TablePlan {
  const { tournament, table, key, readAt } = opts;
  const categories = tournament.categories.filter((c) => c.table === table && c.slots.length > 0);
  const states = new Map<number, CategoryState>();
  for (const c of categories) {
    try {
      states.set(c.id, categoryState(c, tournament.settings));
    } catch {
      // A category the engine cannot read (an answer from another version): left out rather than guessed.
    }
  }
  const rows = new Map(categories.flatMap((c) => c.matches.map((m) => [m.id, m] as const)));
  const mine = opts.entries
    .filter(isMine(key))
    .filter((e) => e.match!.tournament === tournament.id)
    .sort(byTime);
  const waiting = mine.filter((e) => e.state === 'waiting' || e.state === 'sending');
  const refused: Refused[] = [];
  const refuse = (entry: OutboxEntry, reason: string) =>
    refused.push({
      entry,
      summary: entry.summary ?? entry.match!.code,
      reason,
      server: serverResultText(rows.get(entry.match!.match), opts.methodLabel),
    });
  const applied: OutboxEntry[] = [];
  for (const entry of mine) {
    if (entry.state === 'failed') {
      refuse(entry, entry.error ?? 'The server refused it.');
      continue;
    }
    const pending = entry.state !== 'sent';
    if (heldByRead(entry, tournament, readAt)) {
      applied.push(entry);
      continue;
    }
    const state = states.get(entry.match!.category);
    const outcome = state ? applyResult(state, entry.match!.code, resultOf(entry)) : null;
    if (outcome?.ok) {
      states.set(entry.match!.category, outcome.state);
      applied.push(entry);
    } else if (pending) {
      refuse(entry, outcome?.error.message ?? 'This category is no longer at this table.');
    }
  }
  const byId = new Map(categories.map((c) => [c.id, c]));
  const athletes = new Map(categories.flatMap((c) => c.entries.map((e) => [e.id, e] as const)));
  const athlete = (entry: number | null): Athlete => {
    const e: TournamentEntry | undefined = entry === null ? undefined : athletes.get(entry);
    return { entry: entry ?? 0, name: e?.name ?? '—', club: e?.club ?? null };
  };
  const rowOf = (category: TournamentCategory, match: MatchState): TournamentMatch | undefined =>
    category.matches.find((m) => m.code === match.code) ?? superFinalRow(category, match);
  const queue: PlannedMatch[] = [];
  for (const q of tableQueue(states)) {
    const category = byId.get(Number(q.category))!;
    const row = rowOf(category, q.match);
    if (row) queue.push({ category, row, state: q.match, a: athlete(q.match.a), b: athlete(q.match.b) });
  }
  return { categories, queue, waiting, refused, undo: lastUndoable(applied, states) };
}

/**
 * The super final's row when the read does not list it yet: this device's own final, replayed, made it a match
 * (the server lists it only once that final is in). Its id is the category's `super_final_id`.
 */
function superFinalRow(category: TournamentCategory, match: MatchState): TournamentMatch | undefined {
  if (match.code !== 'F2' || category.super_final_id == null) return undefined;
  const name = (entry: number | null) => category.entries.find((e) => e.id === entry)?.name ?? null;
  return {
    id: category.super_final_id,
    code: 'F2',
    bracket: 'F',
    round: 2,
    a: name(match.a),
    b: name(match.b),
    a_entry: match.a,
    b_entry: match.b,
    winner: null,
    method: null,
    status: match.status,
    auto: false,
    warnings_a: 0,
    warnings_b: 0,
    fouls_a: 0,
    fouls_b: 0,
    table: category.table,
  };
}

/** The device's last result, if it is still in force and nothing later depends on it. */
function lastUndoable(applied: OutboxEntry[], states: Map<number, CategoryState>) {
  const last = applied.at(-1);
  if (!last) return null;
  const state = states.get(last.match!.category);
  const match = state?.byCode.get(last.match!.code);
  if (!state || !match?.result || match.result.a !== last.match!.a || match.result.b !== last.match!.b) return null;
  return canUndo(state, last.match!.code) ? { entry: last, summary: last.summary ?? last.match!.code } : null;
}
