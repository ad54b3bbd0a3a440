import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { pending, type OutboxEntry, type OutboxKind } from '../../shared/outbox/entry.ts';
import { deleteEntry, patchEntry } from '../../shared/outbox/store.ts';
import { CloseButton, Dialog } from '../ui/Dialog.tsx';
import { editEntry, isEditable } from './draft.ts';
import { announce } from './announce.ts';
import { flushNow } from './triggers.ts';
import { useDeliveredToasts, useOutboxEntries } from './use-outbox.ts';

const KIND_LABEL: Record<OutboxKind, string> = {
  match_result: 'Match result',
  supermatch: 'Supermatch result',
  feedback: 'Feedback',
  event: 'Event',
  club: 'Club',
};

const STATE_LABEL: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

function summary(e: OutboxEntry): string {
  const p = (e.payload ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof p[k] === 'string' ? p[k] : '');
  if (e.summary) return e.summary;
  if (e.kind === 'supermatch') return `${s('a')} vs ${s('b')}`;
  if (e.kind === 'feedback') return s('text').slice(0, 80);
  return s('name');
}

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
                  <strong>{KIND_LABEL[e.kind]}</strong> <span>{summary(e)}</span>
                </div>
                <div className="muted">
                  {when(e.createdAt)} · <span className="outbox-state">{STATE_LABEL[e.state]}</span>
                  {e.state === 'failed' && e.error ? `: ${e.error}` : null}
                  {e.state === 'waiting' && e.error ? ` (${e.error})` : null}
                </div>
                {e.state === 'waiting' || e.state === 'failed' ? (
                  <div className="outbox-actions">
                    {e.state === 'failed' && isEditable(e.kind) ? (
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
