/**
 * One write on its way to the server. It is written to IndexedDB when the user presses Submit (or a table taps a
 * result), before any network call, and its id is the Idempotency-Key every attempt sends, so a repeat is harmless.
 * The outbox knows no kinds: what differs between them (address, order, which answers are final, what is kept of
 * the answer, the words the list shows) is declared with each kind (kinds.ts) and handed to the sender.
 */
export interface OutboxEntry {
  id: string;
  /** Its kind's name, a key of the declarations the sender is given. */
  kind: string;
  /** The body posted. */
  payload: unknown;
  /**
   * What its kind keeps beside the payload and never sends (a result: its match as the device saw it when the
   * result was tapped, and a table device's key). Only the kind's declaration reads it.
   */
  context?: unknown;
  /** What the outbox list says of it, where the payload alone cannot (a result: the match and its winner). */
  summary?: string | undefined;
  createdAt: number;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  attempts: number;
  /** Not before this time (ms): backoff, or the server's Retry-After. */
  nextAttemptAt: number;
  /** Why the server refused it (failed), or the last transient problem (waiting). */
  error?: string | undefined;
  sentAt?: number | undefined;
  /** What its kind keeps of the server's acceptance (its declaration's `keep`): a receipt, a version. */
  answer?: unknown;
  /** Submitted while signed in: sent with the session's token current at send time. */
  auth: boolean;
}

export const OUTBOX_CHANNEL = 'aw-outbox';
export const OUTBOX_SYNC_TAG = 'aw-outbox';
export const OUTBOX_LOCK = 'aw-outbox-send';

export type OutboxMessage = { type: 'changed' } | { type: 'delivered'; id: string; kind: string };

/** Entries still to be delivered, oldest first. */
export const pending = (entries: OutboxEntry[]) =>
  entries.filter((e) => e.state !== 'sent').sort((a, b) => a.createdAt - b.createdAt);
