import { useId } from 'react';
import { FOUNDED_MAX, FOUNDED_MIN } from '../../../shared/club-rules.ts';
import { useVerifiedName } from '../../auth/use-verified-name.ts';
import { readSubmitterName } from '../../lib/submitter-name.ts';
import { usePanelForm } from '../../outbox/use-panel-form.ts';
import { useUnderConstruction } from '../../lib/under-construction.ts';
import { useOutboxForm } from '../../outbox/use-outbox-form.ts';
import { FormPanelShell } from '../../ui/FormPanel.tsx';
import { SubmissionFieldset } from '../../ui/SubmissionFieldset.tsx';
import { SubmitterNameField } from '../../ui/SubmitterNameField.tsx';
import { CheckboxField, TextField } from '../../ui/Field.tsx';
import {
  ADD_CLUB_MESSAGES,
  emptyClubValues,
  isClubComplete,
  parseAddClub,
  valuesFromPayload,
  type AddClubField,
} from './add-club-values.ts';
import { ADD_CLUB_FRAME, CLUB_FAILED } from './club-texts.ts';

type Kind = 'text' | 'number' | 'url' | 'long';
const FIELDS: {
  field: Exclude<AddClubField, 'submitter'>;
  label: string;
  kind: Kind;
  required?: boolean;
  placeholder?: string;
}[] = [
  { field: 'name', label: 'Club name', kind: 'text', required: true },
  { field: 'city', label: 'City', kind: 'text', required: true },
  { field: 'region', label: 'Region', kind: 'text', required: true, placeholder: 'e.g. North' },
  { field: 'leaders', label: 'Leaders', kind: 'text', placeholder: 'Names, comma separated' },
  { field: 'training', label: 'Training times', kind: 'text', placeholder: 'e.g. Tue & Thu 6:30pm' },
  { field: 'founded', label: 'Founded', kind: 'number', placeholder: 'e.g. 2015' },
  { field: 'members_count', label: 'Members count', kind: 'number' },
  { field: 'avg_practice_size', label: 'Average practice size', kind: 'number' },
  { field: 'image_url', label: 'Image URL', kind: 'url', placeholder: 'https://' },
  { field: 'website', label: 'Website or contact', kind: 'url', placeholder: 'https://' },
  { field: 'desc', label: 'Description', kind: 'long' },
  { field: 'notes', label: 'Notes', kind: 'long' },
];
const FIELD_ORDER: AddClubField[] = [...FIELDS.map((f) => f.field), 'submitter'];

/**
 * The Add Club form, sent through the outbox like the other forms (kept on
 * this device when offline and delivered later). Club name, city and region
 * are required (trimmed) before Submit is offered; the rest is optional and
 * checked by the shared club submission schema. A verified athlete's name
 * locks the name field.
 */
export default function AddClubForm() {
  const uid = useId();
  const fid = (f: AddClubField | 'out_of_state') => `${uid}-${f}`;
  const underConstruction = useUnderConstruction();
  const verifiedName = useVerifiedName();
  const panel = usePanelForm(verifiedName);
  const { values, set, bind, sending, onSubmit } = useOutboxForm({
    kind: 'club',
    initial: () => emptyClubValues(readSubmitterName()),
    parse: (v) => parseAddClub(v, verifiedName),
    ownMessages: ADD_CLUB_MESSAGES,
    failedText: CLUB_FAILED,
    focus: { order: FIELD_ORDER, id: fid },
    blocked: (v) => !isClubComplete(v) || underConstruction,
    fromDraft: valuesFromPayload,
    ...panel.options,
  });

  const complete = isClubComplete(values);
  const disabled = !complete || sending || underConstruction;
  const hintId = `${uid}-hint`;

  return (
    <FormPanelShell {...ADD_CLUB_FRAME} headingRef={panel.headingRef}>
      <p className="muted form-note">Know a club that should be listed? Tell us about it and we will add it.</p>
      <form className="form add-club-form" noValidate onSubmit={onSubmit}>
        <SubmissionFieldset legend="New club" disabled={underConstruction}>
          <div className="form-grid">
            {FIELDS.map(({ field, label, kind, required, placeholder }) => (
              <TextField
                key={field}
                {...bind(field)}
                label={label}
                requiredMark={required}
                wide={kind === 'long'}
                required={required}
                placeholder={placeholder}
                rows={kind === 'long' ? 3 : undefined}
                inputMode={kind === 'number' ? 'numeric' : undefined}
                input={
                  kind === 'number'
                    ? {
                        type: 'number',
                        min: field === 'founded' ? FOUNDED_MIN : 0,
                        max: field === 'founded' ? FOUNDED_MAX : undefined,
                        step: 1,
                      }
                    : { type: kind === 'url' ? 'url' : 'text' }
                }
              />
            ))}
            <CheckboxField
              label="The club trains out of state"
              wide
              checked={values.out_of_state}
              onChecked={(v) => set('out_of_state', v)}
            />
            <SubmitterNameField {...bind('submitter')} verifiedName={verifiedName} />
          </div>
          <div className="form-actions">
            <button
              type="submit"
              className="button"
              disabled={disabled}
              aria-describedby={!complete && !underConstruction ? hintId : undefined}
            >
              {sending ? 'Sending…' : 'Submit'}
            </button>
            {!complete && !underConstruction ? (
              <p id={hintId} className="field-hint">
                Club name, city and region are required.
              </p>
            ) : null}
          </div>
        </SubmissionFieldset>
      </form>
    </FormPanelShell>
  );
}
