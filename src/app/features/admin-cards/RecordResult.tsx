import { useId } from 'react';
import type { Hand } from '../../../shared/rankings.ts';
import { cardResultSchema } from '../../../shared/supermatches.ts';
import type { ScheduledCardItem } from '../../../shared/answers/supermatches.ts';
import type { RatingEffects } from '../../../shared/answers/review.ts';
import { validateWith } from '../../lib/form-validation.ts';
import { handLabel } from '../../lib/labels.ts';
import { leaderboardKeys } from '../../lib/leaderboard-api.ts';
import { useSaveForm } from '../../lib/use-save-form.ts';
import { Field, FormAlert, SelectField } from '../../ui/Field.tsx';
import { SaveActions } from '../../ui/SaveActions.tsx';
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
  const errorId = `${uid}-error`;
  const hands = openHands(card);
  const { values, set, errors, bind, saving, failure, onSubmit } = useSaveForm({
    initial: () => ({ hand: hands[0] ?? 'RH', a: '', b: '' }),
    check: (v) => {
      const checked = validateWith(
        cardResultSchema.safeParse({ hand: v.hand, a_wins: Number(v.a), b_wins: Number(v.b) }),
      );
      return checked.ok && (v.a === '' || v.b === '')
        ? { ok: false, errors: { a: 'Enter both win counts.' } }
        : checked;
    },
    save: (body) => recordResult(card.id, body),
    invalidates: [cardKeys.all, leaderboardKeys.all],
    onSaved: (answer) => onDone(answer.rating_effects),
  });
  // One line for the form: the wins are checked together (a supermatch has a winner).
  const error = Object.values(errors)[0] ?? failure;

  const winsInput = (side: 'a' | 'b', name: string) => (
    <Field label={`Wins of ${name}`} describedBy={error ? errorId : undefined}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          max={15}
          value={values[side]}
          aria-invalid={error ? true : undefined}
          onChange={(e) => set(side, e.target.value.replace(/\D/g, ''))}
        />
      )}
    </Field>
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Record result">
      <p className="muted">Recording the wins rates the match: both athletes&apos; ratings move as soon as you save.</p>
      <div className="form-grid">
        {hands.length > 1 ? (
          <SelectField {...bind('hand')} label="Hand" options={hands.map((h) => [h, handLabel(h)] as const)} />
        ) : (
          <p>{handLabel(values.hand)}</p>
        )}
        {winsInput('a', card.a)}
        {winsInput('b', card.b)}
      </div>
      <FormAlert id={errorId}>{error}</FormAlert>
      <SaveActions saving={saving} saveLabel="Save result" cancelLabel="Cancel" onCancel={() => onDone(undefined)} />
    </form>
  );
}
