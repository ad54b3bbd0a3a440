import { useId } from 'react';
import { cleanDigits } from '../../../shared/field-rules.ts';
import type { NewAthleteDraft, NewAthleteErrors } from './supermatch-view.ts';

/** A weight has at most four digits (the schema takes up to 1000 lbs). */
const WEIGHT_DIGITS = 4;

/**
 * Who a new name is: approving a result whose name matches no athlete adds
 * that athlete, and the leaderboards need to know which board (Men or
 * Women) they go on, so Approve waits for it. Weight and club are optional.
 */
export function NewAthleteFields({
  name,
  draft,
  errors,
  disabled,
  onChange,
}: {
  name: string;
  draft: NewAthleteDraft;
  errors: NewAthleteErrors;
  disabled: boolean;
  onChange: (draft: NewAthleteDraft) => void;
}) {
  const id = useId();
  const sexError = `${id}-sex-error`;
  const weightError = `${id}-weight-error`;
  const clubError = `${id}-club-error`;
  return (
    <fieldset className="new-athlete" disabled={disabled}>
      <legend>New athlete: {name}</legend>
      <p className="field-hint">No athlete has this name yet. Approving adds them to the rankings.</p>
      <fieldset className="choice-group" aria-describedby={errors.sex ? sexError : undefined}>
        <legend>Sex (required)</legend>
        <div className="choices">
          {(
            [
              ['M', 'Men'],
              ['F', 'Women'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={`${id}-sex`}
                value={value}
                required
                checked={draft.sex === value}
                onChange={() => onChange({ ...draft, sex: value })}
              />
              {label}
            </label>
          ))}
        </div>
        {errors.sex ? (
          <p id={sexError} className="field-error">
            {errors.sex}
          </p>
        ) : null}
      </fieldset>
      <div className="new-athlete-grid">
        <div className="field">
          <label htmlFor={`${id}-weight`}>Weight (optional)</label>
          <div className="input-unit">
            <input
              id={`${id}-weight`}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={draft.weight}
              aria-invalid={errors.weight_lbs ? true : undefined}
              aria-describedby={errors.weight_lbs ? weightError : undefined}
              onChange={(e) => onChange({ ...draft, weight: cleanDigits(e.target.value, WEIGHT_DIGITS) })}
            />
            <span className="unit" aria-hidden="true">
              lbs
            </span>
          </div>
          {errors.weight_lbs ? (
            <p id={weightError} className="field-error">
              {errors.weight_lbs}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-club`}>Club (optional)</label>
          <input
            id={`${id}-club`}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={120}
            value={draft.club}
            aria-invalid={errors.club ? true : undefined}
            aria-describedby={errors.club ? clubError : undefined}
            onChange={(e) => onChange({ ...draft, club: e.target.value })}
          />
          {errors.club ? (
            <p id={clubError} className="field-error">
              {errors.club}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
