import { useEffect, useState } from 'react';
import { OUTBOX_KINDS } from '../../shared/outbox-kinds.ts';
import { OUTBOX_CHANNEL, type OutboxEntry, type OutboxMessage } from '../../shared/outbox/entry.ts';
import { allEntries } from '../../shared/outbox/store.ts';
import { FORM_TOAST_MS } from '../ui/form-messages.ts';
import { useToast } from '../ui/toast.tsx';
import { reportedHere } from './reported-here.ts';

/** Every entry in the outbox, newest first, kept current across tabs and the worker. */
export function useOutboxEntries(): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void allEntries()
        .then((list) => alive && setEntries(list.sort((a, b) => b.createdAt - a.createdAt)))
        .catch(() => undefined);
    load();
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = load;
    return () => {
      alive = false;
      channel.close();
    };
  }, []);
  return entries;
}

/** A toast when an entry that was waiting is delivered (the form said so itself when it went at once). */
export function useDeliveredToasts(): void {
  const toast = useToast();
  useEffect(() => {
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = (event: MessageEvent<OutboxMessage>) => {
      const m = event.data;
      const said = m.type === 'delivered' && !reportedHere.has(m.id) ? OUTBOX_KINDS[m.kind]?.delivered : undefined;
      if (said) toast.show(said, { tone: 'success', durationMs: FORM_TOAST_MS });
    };
    return () => channel.close();
  }, [toast]);
}
