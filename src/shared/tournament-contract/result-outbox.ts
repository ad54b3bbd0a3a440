import type { OutboxEntry } from '../outbox/entry.ts';
import type { OutboxKind } from '../outbox/kinds.ts';

/*
 * A match's result as the outbox carries it, from the head table or a table device: declared here, beside the
 * result's contract, so that the outbox's sender and the service worker need not know what a result is. Free of
 * zod: the worker and the table screen use it.
 */

/** Where a result belongs: its tournament, category and match (id and code), and the entries it was recorded for. */
export interface ResultRef {
  tournament: number;
  category: number;
  match: number;
  code: string;
  a: number;
  b: number;
}

/** What a result's entry keeps beside its payload: its match as the device saw it, and a table device's key. */
export interface ResultContext extends ResultRef {
  /** A table device's key (`Authorization: Table {key}`); none: the head table, with the admin's session. */
  key?: string | undefined;
}

export const MATCH_RESULT_KIND = 'match_result';

/** The path of a match's result. */
export const matchResultPath = (tournamentId: number, matchId: number): string =>
  `/api/v1/tournaments/${tournamentId}/matches/${matchId}/result`;

/**
 * Entries kept by builds before the outbox knew no kinds held these as fields of their own: a device that updates
 * with results still waiting sends them all the same.
 */
interface Legacy {
  path?: string;
  table?: string;
  match?: ResultRef;
  version?: number;
}
const legacy = (e: OutboxEntry) => e as OutboxEntry & Legacy;

/** The result's match and key, if the entry is a result that names them. */
export function resultContext(e: OutboxEntry): ResultContext | undefined {
  if (e.kind !== MATCH_RESULT_KIND) return undefined;
  const old = legacy(e);
  return (e.context as ResultContext | undefined) ?? (old.match ? { ...old.match, key: old.table } : undefined);
}

/**
 * The tournament's version the server's acceptance named: any read of that version or a later one holds the result
 * (or what a correction made of it). Undefined: not delivered, or delivered without a version (an earlier build).
 */
export function deliveredVersion(e: OutboxEntry): number | undefined {
  const kept = (e.answer as { version?: unknown } | undefined)?.version;
  return typeof kept === 'number' ? kept : legacy(e).version;
}

/**
 * Results go in the order they were tapped (a later one can depend on an earlier one: the winner goes on to the
 * next match), with the table's key when a table device recorded them (the worker may send those), and a 409 is
 * the server's answer (the match is not ready, or decided otherwise). What is kept of the acceptance is the
 * tournament's version that holds the result; the match and category it also answers are read with the tournament.
 */
export const RESULT_OUTBOX_KIND: OutboxKind = {
  path: (e) => {
    const c = resultContext(e);
    return c ? matchResultPath(c.tournament, c.match) : legacy(e).path;
  },
  authorization: (e) => {
    const key = resultContext(e)?.key;
    return key ? `Table ${key}` : undefined;
  },
  ordered: true,
  conflictIsFinal: true,
  keep: (body) => {
    const version = (body as { version?: unknown } | null)?.version;
    return { version: typeof version === 'number' ? version : undefined };
  },
  label: 'Match result',
  delivered: 'Result recorded.',
};
