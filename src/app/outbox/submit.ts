import type { SubmissionKind } from '../../shared/submission-kinds.ts';
import type { SubmissionReceipt } from '../../shared/answers/submissions.ts';
import { OUTBOX_SYNC_TAG, type OutboxEntry } from '../../shared/outbox/entry.ts';
import { getEntry, putEntry } from '../../shared/outbox/store.ts';
import { getSessionUser } from '../auth/session.ts';
import { announce } from './announce.ts';
import { reportedHere } from './reported-here.ts';
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

/**
 * Writes the entry to IndexedDB before any network call, then tries to send
 * it at once. Whatever happens after the write, the entry is not lost: it is
 * sent again with the same Idempotency-Key until the server has it.
 */
export async function submitToOutbox(kind: SubmissionKind, payload: unknown): Promise<SubmitOutcome> {
  const after = await queueAndSend({ kind, payload, auth: getSessionUser() !== null });
  // A submission kind keeps the server's receipt as its answer (submission-kinds.ts).
  if (after?.state === 'sent' && after.answer) return { status: 'sent', receipt: after.answer as SubmissionReceipt };
  if (after?.state === 'failed') return { status: 'failed', message: after.error ?? 'The server refused it.' };
  void askForBackgroundSync();
  return { status: 'queued' };
}

export type EntryFields = Pick<OutboxEntry, 'kind' | 'payload' | 'auth' | 'summary' | 'context'>;

/** A new entry, waiting to be sent: its id is the Idempotency-Key of every attempt. */
export const newEntry = (fields: EntryFields): OutboxEntry => ({
  ...fields,
  id: crypto.randomUUID(),
  createdAt: Date.now(),
  state: 'waiting',
  attempts: 0,
  nextAttemptAt: 0,
});

/**
 * Keeps a new entry on this device (its form, or the screen that shows the outbox, reports what becomes of it:
 * no second 'delivered' toast) and tells every tab. Nothing is sent yet.
 */
export async function keep(fields: EntryFields): Promise<OutboxEntry> {
  const entry = newEntry(fields);
  await putEntry(entry);
  reportedHere.add(entry.id);
  announce();
  return entry;
}

/** Keeps the entry, then sends what is due (this one included, behind whoever is sending) and reads it back. */
export async function queueAndSend(fields: EntryFields): Promise<OutboxEntry | undefined> {
  const entry = await keep(fields);
  await flushNow({ wait: true });
  return getEntry(entry.id);
}

/** Where the browser has Background Sync, the worker delivers the entry even when no tab is open. */
type WithSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export async function askForBackgroundSync(): Promise<void> {
  try {
    const registration: WithSync | undefined = await navigator.serviceWorker?.getRegistration();
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Safari, Firefox) or no worker: the page's own triggers deliver it.
  }
}
