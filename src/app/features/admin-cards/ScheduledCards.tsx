import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScheduledCardItem } from '../../../shared/answers/supermatches.ts';
import type { RatingEffects } from '../../../shared/answers/review.ts';
import { useSessionUser } from '../../auth/use-session.ts';
import { formatDay, handLabel } from '../../lib/labels.ts';
import { CollapsiblePanel } from '../../ui/CollapsiblePanel.tsx';
import { ConfirmDialog, Dialog } from '../../ui/Dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { CardEditor, type CardEventOption } from './CardEditor.tsx';
import { cardsQuery, cardKeys, deleteCard } from './cards-api.ts';
import { openHands, RecordResult } from './RecordResult.tsx';
import './admin-cards.css';

type Open =
  | { kind: 'edit'; card: ScheduledCardItem | null }
  | { kind: 'result'; card: ScheduledCardItem }
  | { kind: 'delete'; card: ScheduledCardItem };

const score = (card: ScheduledCardItem) =>
  card.results.map((r) => `${r.a_wins}-${r.b_wins}${card.hand === 'both' ? ` ${r.hand}` : ''}`).join(', ');

const handText = (card: ScheduledCardItem) => (card.hand === 'both' ? 'Both hands' : handLabel(card.hand));

function effectsText(effects: RatingEffects | null | undefined): string {
  if (!effects?.applied) return 'Result saved.';
  const side = (s: RatingEffects['a']) =>
    s.before === null || s.after === null ? s.name : `${s.name} ${s.before.toFixed(1)} → ${s.after.toFixed(1)}`;
  return `Result saved and rated: ${side(effects.a)}, ${side(effects.b)}.`;
}

/**
 * Scheduled supermatch cards on the admin screen: the cards the supermatches
 * page shows before their result. An admin adds, changes and deletes them, and
 * records the wins once pulled (which rates them; a matching approved result
 * submission completes a card by itself).
 */
export function ScheduledCards({ names, events }: { names: readonly string[]; events: readonly CardEventOption[] }) {
  const user = useSessionUser();
  const sub = user?.sub ?? '';
  const client = useQueryClient();
  const toast = useToast();
  const [loaded, setLoaded] = useState(false);
  const cards = useQuery({ ...cardsQuery(sub), enabled: !!sub && loaded });
  const [open, setOpen] = useState<Open | null>(null);
  const remove = useMutation({
    mutationFn: (card: ScheduledCardItem) => deleteCard(card.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: cardKeys.all });
      setOpen(null);
      toast.show('Card deleted.', { tone: 'success' });
    },
    onError: () => toast.show('Failed to delete the card. Please try again.', { tone: 'error' }),
  });
  const list = cards.data ?? [];
  const upcoming = list.filter((c) => openHands(c).length > 0).length;

  return (
    <CollapsiblePanel
      title="Scheduled Supermatches"
      className="cards-panel"
      defaultOpen={false}
      onOpen={() => setLoaded(true)}
      badge={cards.data ? { text: `${upcoming} upcoming`, className: 'review-count' } : null}
    >
      <div className="form-actions">
        <button type="button" className="button" onClick={() => setOpen({ kind: 'edit', card: null })}>
          New card
        </button>
      </div>
      {cards.isPending ? (
        <p className="muted" role="status">
          Loading cards…
        </p>
      ) : cards.isError ? (
        <p className="field-error" role="alert">
          Could not load the cards.{' '}
          <button type="button" className="button link" onClick={() => void cards.refetch()}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No scheduled cards yet.</p>
      ) : (
        <ul className="card-rows">
          {list.map((card) => {
            const canRecord = openHands(card).length > 0;
            return (
              <li key={card.id} className="card-row">
                <div className="card-row-main">
                  <strong>
                    {card.a} vs {card.b}
                  </strong>
                  <span className="muted">
                    {formatDay(card.date)}
                    {card.start_time ? ` · ${card.start_time}` : ''} · {handText(card)}
                    {card.featured ? ' · Featured' : ''}
                  </span>
                  {card.results.length ? <span className="card-row-score">Result {score(card)}</span> : null}
                </div>
                <div className="card-row-actions">
                  {canRecord ? (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Record result of ${card.a} vs ${card.b}`}
                      onClick={() => setOpen({ kind: 'result', card })}
                    >
                      Record result
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button secondary"
                    aria-label={`Edit ${card.a} vs ${card.b}`}
                    onClick={() => setOpen({ kind: 'edit', card })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    aria-label={`Delete ${card.a} vs ${card.b}`}
                    onClick={() => setOpen({ kind: 'delete', card })}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {open?.kind === 'edit' ? (
        <Dialog
          title={open.card ? 'Edit card' : 'New card'}
          className="card-editor-dialog"
          onClose={() => setOpen(null)}
        >
          <CardEditor
            card={open.card}
            names={names}
            events={events}
            onDone={(saved) => {
              setOpen(null);
              if (saved) toast.show(`Saved ${saved.a} vs ${saved.b}.`, { tone: 'success' });
            }}
          />
        </Dialog>
      ) : null}
      {open?.kind === 'result' ? (
        <Dialog title={`${open.card.a} vs ${open.card.b}`} onClose={() => setOpen(null)}>
          <RecordResult
            card={open.card}
            onDone={(effects) => {
              setOpen(null);
              if (effects !== undefined) toast.show(effectsText(effects), { tone: 'success' });
            }}
          />
        </Dialog>
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete this card?"
          action="Delete card"
          busy={remove.isPending && 'Deleting…'}
          onConfirm={() => remove.mutate(open.card)}
          onCancel={() => setOpen(null)}
        >
          <p>
            {open.card.a} vs {open.card.b} on {formatDay(open.card.date)} leaves the supermatches page.
            {open.card.results.length ? ' Its recorded results stay rated and stay listed as past matches.' : ''}
          </p>
        </ConfirmDialog>
      ) : null}
    </CollapsiblePanel>
  );
}
