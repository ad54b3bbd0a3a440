import type { SubmissionKind } from '../../shared/submission-kinds.ts';
import type { SubmissionReceipt } from '../../shared/answers/submissions.ts';
import {
  matchResultPath,
  OUTBOX_LOCK,
  OUTBOX_SYNC_TAG,
  type OutboxEntry,
  type ResultRef,
} from '../../shared/outbox/entry.ts';
import { deleteEntry, getEntry, putEntry } from '../../shared/outbox/store.ts';
import { getSessionUser } from '../auth/session.ts';
import { announce } from './announce.ts';
import { flushNow } from './triggers.ts';

/**
 * The one way a form submits: the outcome a form shows.
 * - sent: the server took it (show the success text);
 * - queued: kept on this device, sent when the connection returns (say so);
 * - failed: the server refused it (show the failure text; the entry stays in
 *   the outbox list to resend or discard).
 */
export type SubmitOutcome =
  { status: 'sent'; receipt: SubmissionReceipt } | { status: 'queued' } | { status: 'failed'; message: string };

/** Entries this tab reported to their form itself: no second 'delivered' toast for them. */
export const reportedHere = new Set<string>();

/**
 * Writes the entry to IndexedDB before any network call, then tries to send
 * it at once. Whatever happens after the write, the entry is not lost: it is
 * sent again with the same Idempotency-Key until the server has it.
 */
export async function submitToOutbox(kind: SubmissionKind, payload: unknown): Promise<SubmitOutcome> {
  const after = await queue({ kind, payload, auth: getSessionUser() !== null });
  if (after?.state === 'sent' && after.receipt) return { status: 'sent', receipt: after.receipt };
  if (after?.state === 'failed') return { status: 'failed', message: after.error ?? 'The server refused it.' };
  void askForBackgroundSync();
  return { status: 'queued' };
}

export type ResultOutcome = { status: 'sent' } | { status: 'queued' } | { status: 'failed'; message: string };

/**
 * A match's result from the head table, through the outbox like every submission: kept before it is sent,
 * sent once (its Idempotency-Key) with the signed-in admin's token as it is at send time, and sent again until
 * the server has it. A refusal (the match not ready, or decided otherwise: 409) fails it with the server's word.
 */
export async function recordResultToOutbox(
  tournamentId: number,
  matchId: number,
  payload: unknown,
  summary: string,
): Promise<ResultOutcome> {
  const after = await queue({
    kind: 'match_result',
    payload,
    path: matchResultPath(tournamentId, matchId),
    summary,
    auth: true,
  });
  if (after?.state === 'sent') return { status: 'sent' };
  if (after?.state === 'failed') return { status: 'failed', message: after.error ?? 'The server refused it.' };
  return { status: 'queued' };
}

/**
 * A table device's result: the same entry, sent with the table's key (`Authorization: Table {key}`) rather than
 * a session, so the service worker may deliver it too; it carries its match (`ref`) so that the device can
 * replay what waits over the server's state. Resolves once the entry is kept on the device: the table screen
 * shows the outbox itself (what waits, what the server refused), so it does not wait for the network. Results
 * of one table go in the order they were tapped (the sender's order groups).
 */
export async function recordTableResult(key: string, ref: ResultRef, payload: unknown, summary: string): Promise<void> {
  const entry = newEntry({
    kind: 'match_result',
    payload,
    path: matchResultPath(ref.tournament, ref.match),
    summary,
    auth: false,
    table: key,
    match: ref,
  });
  await putEntry(entry);
  reportedHere.add(entry.id);
  announce();
  void flushNow({ wait: true }).then(async () => {
    if ((await getEntry(entry.id))?.state !== 'sent') await askForBackgroundSync();
  });
}

/** Drops an entry the person has read (a refused result, once seen) or taken back. */
export async function dropEntry(id: string): Promise<void> {
  await deleteEntry(id);
  announce();
}

/**
 * Takes a result back out of the outbox before it is sent: under the send lock, so no sender has it on the way.
 * Answers the entry as it was: 'waiting' (it is gone now), or 'sent'/'failed' (left alone: a delivered result is
 * undone at the server instead).
 */
export async function takeBackQueued(id: string): Promise<OutboxEntry['state'] | undefined> {
  // Under the lock nothing is sending: an entry still marked 'sending' is a crash's leftover that the server may
  // have, so only a 'waiting' one is surely not there.
  const take = async () => {
    const entry = await getEntry(id);
    if (entry?.state === 'waiting') await dropEntry(id);
    return entry?.state;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(OUTBOX_LOCK, take) : take();
}

type EntryFields = Pick<OutboxEntry, 'kind' | 'payload' | 'auth' | 'path' | 'summary' | 'table' | 'match'>;

const newEntry = (fields: EntryFields): OutboxEntry => ({
  ...fields,
  id: crypto.randomUUID(),
  createdAt: Date.now(),
  state: 'waiting',
  attempts: 0,
  nextAttemptAt: 0,
});

/** Writes the entry, then sends what is due (this one included) and reads it back. */
async function queue(fields: EntryFields) {
  const entry = newEntry(fields);
  await putEntry(entry);
  reportedHere.add(entry.id);
  announce();
  await flushNow({ wait: true });
  return getEntry(entry.id);
}

/** Where the browser has Background Sync, the worker delivers the entry even when no tab is open. */
type WithSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

async function askForBackgroundSync(): Promise<void> {
  try {
    const registration: WithSync | undefined = await navigator.serviceWorker?.getRegistration();
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Safari, Firefox) or no worker: the page's own triggers deliver it.
  }
}
