import type { OutboxEntry } from './entry.ts';

/**
 * What differs between the kinds of write the outbox carries, declared once where each kind is defined (the
 * anonymous submissions in submission-kinds.ts, a match's result in tournament-contract/result-outbox.ts) and
 * gathered in outbox-kinds.ts. The sender, the worker and the outbox list read a kind's declaration and never its
 * name, so a new kind of offline write is one new declaration. Free of zod and of the DOM: the worker runs it.
 */
export interface OutboxKind {
  /** Where an entry is posted; undefined: nowhere (it fails rather than going anywhere). */
  path: (entry: OutboxEntry) => string | undefined;
  /**
   * An Authorization header the entry carries itself (a table device's key), sent instead of the session's
   * token: the worker, which has no session, may send such entries.
   */
  authorization?: (entry: OutboxEntry) => string | undefined;
  /**
   * Its entries reach the server in the order they were made: one never overtakes an older one of its kind still
   * to be sent, also one waiting out its backoff (a later result can depend on an earlier one). Others go in any
   * order.
   */
  ordered?: boolean;
  /**
   * A 409 is the server's answer to the entry itself (the match is not ready, or decided otherwise), which sending
   * again cannot change: the entry fails with the server's word. Otherwise a 409 is only the same key still being
   * processed, and the entry waits and goes again (as it does for every kind with that code).
   */
  conflictIsFinal?: boolean;
  /** What the entry keeps of the server's acceptance (`entry.answer`); the answer's body by default. */
  keep?: (body: unknown) => unknown;
  /** What the outbox list calls it ('Match result'). */
  label: string;
  /** Said when a waiting entry is delivered later (a form says it itself when the entry goes at once). */
  delivered: string;
  /** The list's line for an entry without a summary of its own. */
  summary?: (payload: Record<string, unknown>) => string;
  /** A refused entry can be opened again in its form ('Edit' in the list) to be corrected and sent. */
  editable?: boolean;
}

/** The declarations by kind name. */
export type OutboxKinds = Readonly<Record<string, OutboxKind>>;
