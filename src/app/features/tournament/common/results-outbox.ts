import { matchResultPath, OUTBOX_LOCK, type OutboxEntry, type ResultRef } from '../../../../shared/outbox/entry.ts';
import { getEntry, putEntry } from '../../../../shared/outbox/store.ts';
import { announce } from '../../../outbox/announce.ts';
import { replaceEdited } from '../../../outbox/draft.ts';
import { askForBackgroundSync, newEntry, reportedHere } from '../../../outbox/submit.ts';
import { flushNow } from '../../../outbox/triggers.ts';

/*
 * A table device's side of the outbox, in a module of its own: only the table screen (a chunk left out of the
 * precache) loads it.
 */

/**
 * A table device's result: the same entry, sent with the table's key (`Authorization: Table {key}`) rather than
 * a session, so the service worker may deliver it too; it carries its match (`ref`) so that the device can
 * replay what waits over the server's state. Resolves once the entry is kept on the device: the table screen
 * shows the outbox itself (what waits, what the server refused), so it does not wait for the network. Results
 * go in the order they were tapped (the sender never lets a result overtake an older one).
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

/**
 * Forgets an entry: a refused result once the person has read it, or one taken back. The same as forgetting a
 * refused submission once its corrected version is sent (draft.ts).
 */
export { replaceEdited as dropEntry } from '../../../outbox/draft.ts';

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
