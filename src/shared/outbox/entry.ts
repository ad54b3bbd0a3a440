import { SUBMISSION_PATHS, type SubmissionKind } from '../submission-kinds.ts';
import type { SubmissionReceipt } from '../answers/submissions.ts';

/**
 * What the outbox carries: the anonymous submissions (each kind posted to its own path) and a tournament
 * match's result (posted to its match's path, which the entry carries: `matchResultPath`).
 */
export type OutboxKind = SubmissionKind | 'match_result';

/**
 * One submission on its way to the server. It is written to IndexedDB when the
 * user presses Submit, before any network call, and its id is the
 * Idempotency-Key every attempt sends, so a repeat is harmless.
 */
export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  payload: unknown;
  /** Where it is posted when its kind has no path of its own (a match result's carries its ids). */
  path?: string | undefined;
  /** What the outbox list says of it (a result: the match and its winner), where the payload alone cannot. */
  summary?: string | undefined;
  createdAt: number;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  attempts: number;
  /** Not before this time (ms): backoff, or the server's Retry-After. */
  nextAttemptAt: number;
  /** Why the server refused it (failed), or the last transient problem (waiting). */
  error?: string | undefined;
  sentAt?: number | undefined;
  /**
   * A delivered result: the tournament's version its answer named. Any read of that version or a later one holds
   * it (or what a correction made of it); an older read, such as a copy the service worker gave while the
   * network was slow, does not, and the device replays the result over it.
   */
  version?: number | undefined;
  receipt?: SubmissionReceipt | undefined;
  /** Submitted while signed in: sent with the token current at send time. */
  auth: boolean;
  /**
   * A table device's key: sent as `Authorization: Table {key}` instead of a bearer token (the table devices of
   * the tournament's second part). The service worker may send these itself: the key is in the entry.
   */
  table?: string | undefined;
  /**
   * A result's match as the device saw it when the result was tapped (a table device's entries): the device
   * replays its waiting results over the server's state with the shared engine, which needs the category, the
   * match code and the athletes the result was recorded for.
   */
  match?: ResultRef | undefined;
}

/** Where a result belongs: its tournament, category and match (id and code), and the entries it was recorded for. */
export interface ResultRef {
  tournament: number;
  category: number;
  match: number;
  code: string;
  a: number;
  b: number;
}

/** The path of a match's result (the head table's and the table devices' results). */
export const matchResultPath = (tournamentId: number, matchId: number): string =>
  `/api/v1/tournaments/${tournamentId}/matches/${matchId}/result`;

/** Where an entry is posted: its own path, else its kind's. */
export const entryPath = (e: Pick<OutboxEntry, 'kind' | 'path'>): string | undefined =>
  e.path ?? (e.kind === 'match_result' ? undefined : SUBMISSION_PATHS[e.kind]);

export const OUTBOX_CHANNEL = 'aw-outbox';
export const OUTBOX_SYNC_TAG = 'aw-outbox';
export const OUTBOX_LOCK = 'aw-outbox-send';

export type OutboxMessage = { type: 'changed' } | { type: 'delivered'; id: string; kind: OutboxKind };

/** Entries still to be delivered, oldest first. */
export const pending = (entries: OutboxEntry[]) =>
  entries.filter((e) => e.state !== 'sent').sort((a, b) => a.createdAt - b.createdAt);
