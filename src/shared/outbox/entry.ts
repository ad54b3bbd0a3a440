import type { SubmissionKind } from '../submission-kinds.ts';
import type { SubmissionReceipt } from '../answers/submissions.ts';

/**
 * One submission on its way to the server. It is written to IndexedDB when the
 * user presses Submit, before any network call, and its id is the
 * Idempotency-Key every attempt sends, so a repeat is harmless.
 */
export interface OutboxEntry {
  id: string;
  kind: SubmissionKind;
  payload: unknown;
  createdAt: number;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  attempts: number;
  /** Not before this time (ms): backoff, or the server's Retry-After. */
  nextAttemptAt: number;
  /** Why the server refused it (failed), or the last transient problem (waiting). */
  error?: string | undefined;
  sentAt?: number | undefined;
  receipt?: SubmissionReceipt | undefined;
  /** Submitted while signed in: sent with the token current at send time. */
  auth: boolean;
}

export const OUTBOX_CHANNEL = 'aw-outbox';
export const OUTBOX_SYNC_TAG = 'aw-outbox';
export const OUTBOX_LOCK = 'aw-outbox-send';

export type OutboxMessage = { type: 'changed' } | { type: 'delivered'; id: string; kind: SubmissionKind };

/** Entries still to be delivered, oldest first. */
export const pending = (entries: OutboxEntry[]) =>
  entries.filter((e) => e.state !== 'sent').sort((a, b) => a.createdAt - b.createdAt);
