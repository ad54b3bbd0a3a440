import { OUTBOX_LOCK, type OutboxEntry } from '../../../../shared/outbox/entry.ts';
import { getEntry } from '../../../../shared/outbox/store.ts';
import {
  MATCH_RESULT_KIND,
  type ResultContext,
  type ResultRef,
} from '../../../../shared/tournament-contract/result-outbox.ts';
import { replaceEdited } from '../../../outbox/draft.ts';
import { askForBackgroundSync, keep, queueAndSend } from '../../../outbox/submit.ts';
import { flushNow } from '../../../outbox/triggers.ts';

/*
 * A match's result through the outbox, from the head table or a table device: kept before it is sent, sent once
 * (its Idempotency-Key), in the order it was tapped, and sent again until the server has it. How the outbox sends
 * it is the result kind's declaration (shared/tournament-contract/result-outbox.ts). The head table and the table
 * screen import it with their chunks, not at the first tap: a device that lost its signal before its first result
 * must still keep it (a chunk never loaded is not in the worker's cache).
 */

export type ResultOutcome = { status: 'sent' } | { status: 'queued' } | { status: 'failed'; message: string };

/**
 * The head table's result, sent with the signed-in admin's token as it is at send time. Resolves with what the
 * server said, or that it is kept for later: a refusal (the match not ready, or decided otherwise: 409) fails it
 * with the server's word.
 */
export async function recordHeadTableResult(ref: ResultRef, payload: unknown, summary: string): Promise<ResultOutcome> {
  const context: ResultContext = ref;
  const after = await queueAndSend({ kind: MATCH_RESULT_KIND, payload, summary, auth: true, context });
  if (after?.state === 'sent') return { status: 'sent' };
  if (after?.state === 'failed') return { status: 'failed', message: after.error ?? 'The server refused it.' };
  return { status: 'queued' };
}

/**
 * A table device's result: sent with the table's key rather than a session, so the service worker may deliver it
 * too; it carries its match so that the device can replay what waits over the server's state (device-plan.ts).
 * Resolves once the entry is kept on the device: the table screen shows the outbox itself (what waits, what the
 * server refused), so it does not wait for the network.
 */
export async function recordTableResult(key: string, ref: ResultRef, payload: unknown, summary: string): Promise<void> {
  const context: ResultContext = { ...ref, key };
  const entry = await keep({ kind: MATCH_RESULT_KIND, payload, summary, auth: false, context });
  void flushNow({ wait: true }).then(async () => {
    if ((await getEntry(entry.id))?.state !== 'sent') await askForBackgroundSync();
  });
}

/**
 * Forgets an entry: a refused result once the person has read it, or one taken back. The same as forgetting a
 * refused submission once its corrected version is sent (draft.ts).
 */
export { replaceEdited as dropEntry };

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
    if (entry?.state === 'waiting') await replaceEdited(id);
    return entry?.state;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(OUTBOX_LOCK, take) : take();
}
