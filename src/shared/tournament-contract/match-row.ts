import {
  isDoubleNoShow,
  METHOD_LABELS,
  resultFor,
  type MatchResult,
  type MatchState,
  type Method,
} from '../tournament/index.ts';
import type { TournamentMatch } from './match.ts';

/*
 * A match between the engine and the wire, both ways, in one place: the server's reads and result answers, a table
 * device's own super final (replayed before the server lists it) and the tests' tournaments all make their rows
 * here, and whoever rebuilds the engine's state from a read takes each row's result back here. Free of zod: the
 * brackets page and the table screen use it.
 */

/** What a row needs of its category: the names of its entries, and the table its matches are pulled at. */
export interface RowCategory {
  entries: readonly { id: number; name: string }[];
  table: number | null;
}

/** The wire's row of a match in the engine's state; `id` is where its result goes. */
export function matchRow(match: MatchState, id: number, category: RowCategory): TournamentMatch {
  const name = (entry: number | null) =>
    entry === null ? null : (category.entries.find((e) => e.id === entry)?.name ?? null);
  const r = match.result;
  return {
    id,
    code: match.code,
    bracket: match.spec.bracket,
    round: match.spec.round,
    a: name(match.a),
    b: name(match.b),
    a_entry: match.a,
    b_entry: match.b,
    winner: match.winner,
    method: match.method,
    status: match.status,
    auto: match.auto,
    warnings_a: r?.warnings_a ?? 0,
    warnings_b: r?.warnings_b ?? 0,
    fouls_a: r?.fouls_a ?? 0,
    fouls_b: r?.fouls_b ?? 0,
    table: category.table,
  };
}

/**
 * The result a row holds, as the engine keeps it; null while it is undecided, and for a match decided without a
 * pull (a withdrawal's or disqualification's later matches: the engine derives those again).
 */
export function rowResult(row: TournamentMatch): MatchResult | null {
  if (row.status !== 'done' || row.auto || !row.method) return null;
  if (!row.winner && !isDoubleNoShow({ winner: null, method: row.method })) return null;
  if (row.a_entry === null || row.b_entry === null) return null;
  return resultFor({ ...row, winner: row.winner, method: row.method }, row.a_entry, row.b_entry);
}

/** 'Double no-show': how a result with no winner is named. */
export const DOUBLE_NO_SHOW = 'Double no-show';

/**
 * 'Ann Lee beat Bea Cruz (Pin)', or for a double no-show (no winner) 'Ann Lee and Bea Cruz: double no-show': the
 * one way a result is told, wherever it is shown or summed up. `winner` and `loser` are then the two athletes.
 */
export const resultText = (winner: string | null, loser: string | null, method: Method, double = false): string =>
  double
    ? `${winner ?? '—'} and ${loser ?? '—'}: double no-show`
    : `${winner ?? '—'} beat ${loser ?? '—'} (${METHOD_LABELS[method]})`;

/** How a decided row was decided, as a label: 'Pin', 'Fouls', …, 'Double no-show' (no winner); null while undecided. */
export function methodText(row: Pick<TournamentMatch, 'status' | 'winner' | 'method' | 'auto'>): string | null {
  if (row.status !== 'done' || !row.method) return null;
  return row.winner === null && !row.auto ? DOUBLE_NO_SHOW : METHOD_LABELS[row.method];
}

/** The result of a decided row in words (`resultText`); null while it is undecided or nobody was in it. */
export function rowResultText(row: TournamentMatch | undefined): string | null {
  if (!row || row.status !== 'done') return null;
  if (!row.winner) return row.method === 'no_show' && !row.auto ? resultText(row.a, row.b, 'no_show', true) : null;
  const [winner, loser] = row.winner === 'A' ? [row.a, row.b] : [row.b, row.a];
  return resultText(winner, loser, row.method ?? 'pin');
}
