import type { OutboxEntry } from '../../../../shared/outbox/entry.ts';
import { rowResultText } from '../../../../shared/tournament-contract/match-row.ts';
import { deliveredVersion, resultContext } from '../../../../shared/tournament-contract/result-outbox.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import {
  applyResult,
  canUndo,
  resultFor,
  type CategoryState,
  type MatchResult,
} from '../../../../shared/tournament/index.ts';
import { categoryState } from './category-state.ts';

/**
 * A device's own results laid over the server's state (docs/decisions/0019-device-plan.md). The server's state is
 * the tournament's public read, as fresh as the device has it; the device's results not yet in it are those still
 * in the outbox, and those delivered after the read was taken. They are applied over the server's state in the
 * order they were tapped, with the same engine the server runs, so what the device shows moves on offline, after a
 * reload or a restart of the browser. A result that no longer applies (the server decided that match otherwise, or
 * a correction changed who pulls it) is listed as refused, never silently dropped.
 */

/** A result of this device the server did not take, or that no longer applies here: shown, with the server's word. */
export interface Refused {
  entry: OutboxEntry;
  summary: string;
  /** Why: the server's message, or the engine's. */
  reason: string;
  /** The server's result for that match now, in words (null: none). */
  server: string | null;
}

export interface DeviceState {
  /** The categories' states with the device's results applied, by category id. */
  states: Map<number, CategoryState>;
  /** Results of this device still to be delivered, oldest first. */
  waiting: OutboxEntry[];
  refused: Refused[];
  /**
   * This device's last result in force, if the brackets let it be taken back (nothing later depends on it). A
   * screen may withhold it too (the table does once the match now pulling has started).
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
  const version = deliveredVersion(entry);
  if (version !== undefined && typeof tournament.version === 'number') return tournament.version >= version;
  return (entry.sentAt ?? 0) <= readAt;
}

/** A table device's results: recorded with its key. */
export const isTableResult = (key: string) => (e: OutboxEntry) => resultContext(e)?.key === key;

const byTime = (x: OutboxEntry, y: OutboxEntry) => x.createdAt - y.createdAt;

/** The result an entry carries, with the athletes it was recorded for (what the engine compares). */
function resultOf(entry: OutboxEntry): MatchResult {
  const ref = resultContext(entry)!;
  const p = entry.payload as Partial<MatchResult>;
  // A null winner is a double no-show, not a missing one.
  return resultFor({ ...p, winner: p.winner === undefined ? 'A' : p.winner, method: p.method ?? 'pin' }, ref.a, ref.b);
}

/**
 * The device's results (`mine`: its own, of any state) over the read's `categories`. `readAt`: when the read was
 * answered (ms), only for results delivered without a version (heldByRead).
 */
export function layOver(opts: {
  tournament: Tournament;
  categories: readonly TournamentCategory[];
  mine: readonly OutboxEntry[];
  readAt: number;
}): DeviceState {
  const { tournament, categories, readAt } = opts;
  const states = new Map<number, CategoryState>();
  for (const c of categories) {
    try {
      states.set(c.id, categoryState(c, tournament.settings));
    } catch {
      // A category the engine cannot read (an answer from another version): left out rather than guessed.
    }
  }
  const rows = new Map(categories.flatMap((c) => c.matches.map((m) => [m.id, m] as const)));
  const mine = opts.mine.filter((e) => resultContext(e)?.tournament === tournament.id).sort(byTime);
  const waiting = mine.filter((e) => e.state === 'waiting' || e.state === 'sending');
  const refused: Refused[] = [];
  const refuse = (entry: OutboxEntry, reason: string) => {
    const ref = resultContext(entry)!;
    refused.push({ entry, summary: entry.summary ?? ref.code, reason, server: rowResultText(rows.get(ref.match)) });
  };
  const applied: OutboxEntry[] = [];
  for (const entry of mine) {
    if (entry.state === 'failed') {
      refuse(entry, entry.error ?? 'The server refused it.');
      continue;
    }
    if (heldByRead(entry, tournament, readAt)) {
      applied.push(entry);
      continue;
    }
    const ref = resultContext(entry)!;
    const state = states.get(ref.category);
    const outcome = state ? applyResult(state, ref.code, resultOf(entry)) : null;
    if (outcome?.ok) {
      states.set(ref.category, outcome.state);
      applied.push(entry);
    } else if (entry.state !== 'sent') {
      refuse(entry, outcome?.error.message ?? 'This category is no longer at this table.');
    }
  }
  return { states, waiting, refused, undo: lastUndoable(applied, states) };
}

/** The device's last result, if it is still in force and nothing later depends on it. */
function lastUndoable(applied: OutboxEntry[], states: Map<number, CategoryState>) {
  const last = applied.at(-1);
  if (!last) return null;
  const ref = resultContext(last)!;
  const state = states.get(ref.category);
  const match = state?.byCode.get(ref.code);
  if (!state || !match?.result || match.result.a !== ref.a || match.result.b !== ref.b) return null;
  return canUndo(state, ref.code) ? { entry: last, summary: last.summary ?? ref.code } : null;
}
