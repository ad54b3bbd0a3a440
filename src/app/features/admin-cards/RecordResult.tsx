import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Hand } from '../../../shared/rankings.ts';
import { cardResultSchema, type ScheduledCardItem } from '../../../shared/supermatches.ts';
import type { RatingEffects } from '../../../shared/supermatch-review.ts';
import { ApiResponseError } from '../../lib/api.ts';
import { handLabel } from '../../lib/labels.ts';
import { leaderboardKeys } from '../../lib/leaderboard-api.ts';
import { cardKeys, recordResult } from './cards-api.ts';

/** The hands of a card that have no result yet. */
export const openHands = (card: ScheduledCardItem): Hand[] =>
  (card.hand === 'both' ? (['RH', 'LH'] as const) : [card.hand]).filter((h) => !card.results.some((r) => r.hand === h));

/**
 * Recording a card's wins makes a rated result: the ratings move at once, so
 * the leaderboards are refreshed too. What it did to the two skills is shown
 * in the toast the panel raises.
 */
export function RecordResult({
  card,
  onDone,
}: {
  card: ScheduledCardItem;
  onDone: (effects: RatingEffects | null | undefined) => void;
}) {
  const uid = useId();
  const client = useQueryClient();
  const hands = openHands(card);
  const [hand, setHand] = useState<Hand>(hands[0] ?? 'RH');
  const [wins, setWins] = useState({ a: '', b: '' });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof recordResult>[1]) => recordResult(card.id, body),
    onSuccess: async (answer) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: cardKeys.all }),
        client.invalidateQueries({ queryKey: leaderboardKeys.all }),
      ]);
      onDone(answer.rating_effects);
    },
    onError: (err) =>
      setError(
        err instanceof ApiResponseError
          ? (Object.values(err.fields ?? {})[0]?.[0] ?? err.message)
          : 'The server could not be reached. Check the connection and try again.',
      ),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = cardResultSchema.safeParse({ hand, a_wins: Number(wins.a), b_wins: Number(wins.b) });
    if (!parsed.success || wins.a === '' || wins.b === '') {
      setError(parsed.success ? 'Enter both win counts.' : (parsed.error.issues[0]?.message ?? 'Check the wins.'));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  const winsInput = (side: 'a' | 'b', name: string) => (
    <div className="field">
      <label htmlFor={`${uid}-${side}`}>Wins of {name}</label>
      <input
        id={`${uid}-${side}`}
        className="input"
        type="number"
        inputMode="numeric"
        min={0}
        max={15}
        value={wins[side]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${uid}-error` : undefined}
        onChange={(e) => setWins((w) => ({ ...w, [side]: e.target.value.replace(/\D/g, '') }))}
      />
    </div>
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Record result">
      <p className="muted">Recording the wins rates the match: both athletes&apos; ratings move as soon as you save.</p>
      <div className="form-grid">
        {hands.length > 1 ? (
          <div className="field">
            <label htmlFor={`${uid}-hand`}>Hand</label>
            <select id={`${uid}-hand`} className="input" value={hand} onChange={(e) => setHand(e.target.value as Hand)}>
              {hands.map((h) => (
                <option key={h} value={h}>
                  {handLabel(h)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p>{handLabel(hand)}</p>
        )}
        {winsInput('a', card.a)}
        {winsInput('b', card.b)}
      </div>
      {error ? (
        <p id={`${uid}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save result'}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(undefined)} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
