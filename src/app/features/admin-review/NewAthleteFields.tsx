import { cleanDigits } from '../../../shared/field-rules.ts';
import { useAssociation } from '../../lib/association.ts';
import { ChoiceGroup, TextField } from '../../ui/Field.tsx';
import type { NewAthleteDraft, NewAthleteErrors } from './supermatch-view.ts';

/** A weight has at most four digits (the schema takes up to 1000, in the association's unit). */
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
  const { units } = useAssociation();
  return (
    <fieldset className="new-athlete" disabled={disabled}>
      <legend>New athlete: {name}</legend>
      <p className="field-hint">No athlete has this name yet. Approving adds them to the rankings.</p>
      <ChoiceGroup
        legend="Sex (required)"
        options={[
          ['M', 'Men'],
          ['F', 'Women'],
        ]}
        required
        value={draft.sex}
        onChange={(sex) => onChange({ ...draft, sex })}
        error={errors.sex}
      />
      <div className="new-athlete-grid">
        <TextField
          label="Weight (optional)"
          unit={units}
          error={errors.weight}
          value={draft.weight}
          onValue={(weight) => onChange({ ...draft, weight: cleanDigits(weight, WEIGHT_DIGITS) })}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          label="Club (optional)"
          error={errors.club}
          value={draft.club}
          onValue={(club) => onChange({ ...draft, club })}
          autoComplete="off"
          maxLength={120}
        />
      </div>
    </fieldset>
  );
}
