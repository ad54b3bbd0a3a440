import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { OUTBOX_KINDS } from '../../shared/outbox-kinds.ts';
import { pending, type OutboxEntry } from '../../shared/outbox/entry.ts';
import { deleteEntry, patchEntry } from '../../shared/outbox/store.ts';
import { CloseButton, Dialog } from '../ui/Dialog.tsx';
import { editEntry } from './draft.ts';
import { announce } from './announce.ts';
import { flushNow } from './triggers.ts';
import { useDeliveredToasts, useOutboxEntries } from './use-outbox.ts';

const STATE_LABEL: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** The entry's own summary, else its kind's line for its payload. */
const summary = (e: OutboxEntry): string =>
  e.summary ?? OUTBOX_KINDS[e.kind]?.summary?.((e.payload ?? {}) as Record<string, unknown>) ?? '';

const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

async function resend(e: OutboxEntry) {
  await patchEntry(e.id, () => ({ state: 'waiting', nextAttemptAt: 0, error: undefined }));
  announce();
  await flushNow({ wait: true });
}

async function discard(e: OutboxEntry) {
  await deleteEntry(e.id);
  announce();
}

/**
 * 'Waiting to send (N)': shown while anything is not yet delivered; opens the
 * list of entries with their state, and resend and discard.
 */
export function OutboxIndicator() {
  const entries = useOutboxEntries();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const navigate = useNavigate();
  useDeliveredToasts();
  // The forms for these kinds live on the home screen: go there, the form picks the entry up.
  const edit = (e: OutboxEntry) => {
    editEntry(e);
    setOpen(false);
    void navigate({ to: '/leaderboards' });
  };
  const waiting = pending(entries).length;
  if (waiting === 0 && !open) return null;

  return (
    <>
      {waiting > 0 ? (
        <button type="button" className="outbox-indicator" onClick={() => setOpen(true)}>
          Waiting to send ({waiting})
        </button>
      ) : null}
      {open ? (
        <Dialog
          title="Submissions on this device"
          onClose={() => setOpen(false)}
          footer={<CloseButton onClose={() => setOpen(false)} />}
        >
          {entries.length === 0 ? <p>Nothing here.</p> : null}
          <ul className="outbox-list">
            {entries.map((e) => (
              <li key={e.id} className={`outbox-entry ${e.state}`}>
                <div>
                  <strong>{OUTBOX_KINDS[e.kind]?.label ?? 'Submission'}</strong> <span>{summary(e)}</span>
                </div>
                <div className="muted">
                  {when(e.createdAt)} · <span className="outbox-state">{STATE_LABEL[e.state]}</span>
                  {e.state === 'failed' && e.error ? `: ${e.error}` : null}
                  {e.state === 'waiting' && e.error ? ` (${e.error})` : null}
                </div>
                {e.state === 'waiting' || e.state === 'failed' ? (
                  <div className="outbox-actions">
                    {e.state === 'failed' && OUTBOX_KINDS[e.kind]?.editable ? (
                      <button type="button" className="button secondary" onClick={() => edit(e)}>
                        Edit
                      </button>
                    ) : null}
                    <button type="button" className="button secondary" onClick={() => void resend(e)}>
                      Resend
                    </button>
                    {confirming === e.id ? (
                      <>
                        <span>Discard it for good?</span>
                        <button type="button" className="button secondary" onClick={() => void discard(e)}>
                          Yes, discard
                        </button>
                        <button type="button" className="button secondary" onClick={() => setConfirming(null)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <button type="button" className="button secondary" onClick={() => setConfirming(e.id)}>
                        Discard
                      </button>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </>
  );
}
