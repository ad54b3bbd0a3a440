import { OUTBOX_CHANNEL, type OutboxMessage } from '../../shared/outbox/entry.ts';

/** Tells every tab (and the worker) that the outbox changed. Its own module: the first screen needs it, not the sender. */
export function announce(): void {
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage({ type: 'changed' } satisfies OutboxMessage);
  channel.close();
}
