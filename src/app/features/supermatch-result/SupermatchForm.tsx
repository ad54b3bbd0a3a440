import { useId } from 'react';
import { cleanDigits, localToday } from '../../../shared/field-rules.ts';
import { cleanScoreInput, supermatchSummary, WEIGHT_MAX_DIGITS } from '../../../shared/submissions.ts';
import { AthleteSelect } from '../../ui/AthleteSelect.tsx';
import { useVerifiedName } from '../../auth/use-verified-name.ts';
import { useAssociation } from '../../lib/association.ts';
import { useKnownNames } from '../../lib/known-names.ts';
import { useUnderConstruction } from '../../lib/under-construction.ts';
import { useOutboxForm } from '../../outbox/use-outbox-form.ts';
import { readSubmitterName } from '../../lib/submitter-name.ts';
import { usePanelForm } from '../../outbox/use-panel-form.ts';
import { FormPanelShell } from '../../ui/FormPanel.tsx';
import { SUPERMATCH_FRAME } from './supermatch-frame.ts';
import {
  BEST_OF_OPTIONS,
  FIELD_ORDER,
  initialValues,
  missingRequired,
  OWN_MESSAGES,
  parseSupermatch,
  valuesFromPayload,
  type SupermatchField,
} from './supermatch-values.ts';
import { SubmissionFieldset } from '../../ui/SubmissionFieldset.tsx';
import { SubmitterNameField } from '../../ui/SubmitterNameField.tsx';
import { ChoiceGroup, idList, SelectField, TextField } from '../../ui/Field.tsx';

export const SUPERMATCH_FAILED = 'Failed to submit supermatch. Please try again later.';

/**
 * The supermatch result form, posted through the outbox (sent, or kept on the
 * device and sent later, or refused). Validation is the shared schema's, run
 * on every change so Submit is only enabled for a valid form; messages show
 * once a field has been left (or a submit was attempted).
 */
export default function SupermatchForm() {
  const uid = useId();
  const fid = (f: SupermatchField) => `${uid}-${f}`;
  const names = useKnownNames();
  // The weights are sent and stored in the association's unit.
  const { units } = useAssociation();
  const verifiedName = useVerifiedName();
  const underConstruction = useUnderConstruction();
  const panel = usePanelForm(verifiedName);

  const { values, set, validation, errorOf, touch, bind, sending, refusal, onSubmit } = useOutboxForm({
    kind: 'supermatch',
    initial: () => initialValues(readSubmitterName(), localToday()),
    parse: (v) => parseSupermatch(v, verifiedName),
    ownMessages: OWN_MESSAGES,
    failedText: SUPERMATCH_FAILED,
    focus: { order: FIELD_ORDER, id: fid },
    blocked: () => underConstruction,
    fromDraft: (payload) => valuesFromPayload(payload, localToday()),
    ...panel.options,
  });

  const today = localToday();
  const summary = supermatchSummary(values);
  const missing = missingRequired(values);

  const nameOf = (side: 'A' | 'B') => (side === 'A' ? values.a : values.b).trim();
  const hintId = `${uid}-hint`;
  const summaryId = `${uid}-summary`;
  const disabled = !validation.ok || sending || underConstruction;

  return (
    <FormPanelShell {...SUPERMATCH_FRAME} headingRef={panel.headingRef}>
      <form className="form supermatch-form" noValidate onSubmit={onSubmit}>
        <SubmissionFieldset legend="Supermatch result" disabled={underConstruction}>
          <div className="form-grid">
            {(['a', 'b'] as const).map((f) => (
              <AthleteSelect
                key={f}
                {...bind(f)}
                label={f === 'a' ? 'Competitor A' : 'Competitor B'}
                names={names}
                required
                placeholder="Full name"
                disabled={underConstruction}
              />
            ))}

            <ChoiceGroup
              className="field"
              legend="Hand"
              id={fid('hand')}
              options={[
                ['RH', 'Right'],
                ['LH', 'Left'],
              ]}
              value={values.hand}
              onChange={(v) => set('hand', v)}
              onBlur={() => touch('hand')}
              error={errorOf('hand')}
            />

            <ChoiceGroup
              className="field"
              legend="Winner"
              id={fid('winner')}
              options={(['A', 'B'] as const).map((side) => [side, nameOf(side) ? `${side}: ${nameOf(side)}` : side])}
              value={values.winner}
              onChange={(v) => set('winner', v)}
              onBlur={() => touch('winner')}
              error={errorOf('winner')}
            />

            <TextField
              {...bind('score')}
              label="Score"
              onValue={(v) => set('score', cleanScoreInput(v))}
              inputMode="numeric"
              autoComplete="off"
              placeholder="3-2"
            />

            <SelectField
              {...bind('best_of')}
              label="Best of"
              options={[['', 'Not sure'], ...BEST_OF_OPTIONS.map((n) => [n, n] as const)]}
            />

            {(['weight_a', 'weight_b'] as const).map((f) => (
              <TextField
                key={f}
                {...bind(f)}
                label={f === 'weight_a' ? 'Weight A' : 'Weight B'}
                unit={units}
                onValue={(v) => set(f, cleanDigits(v, WEIGHT_MAX_DIGITS))}
                inputMode="numeric"
                autoComplete="off"
              />
            ))}

            <TextField {...bind('date')} label="Date" input={{ type: 'date', max: today }} required />

            <TextField {...bind('location')} label="Location" />
            <TextField {...bind('head_ref')} label="Head referee" autoComplete="off" />
            <TextField {...bind('down_ref')} label="Down referee" autoComplete="off" />
          </div>

          <TextField {...bind('notes')} label="Notes" rows={3} />

          <SubmitterNameField {...bind('submitter')} verifiedName={verifiedName} />

          <div className="form-actions">
            {summary ? (
              <p id={summaryId} className="summary">
                {summary}
              </p>
            ) : null}
            <button
              type="submit"
              className="button"
              disabled={disabled}
              aria-describedby={idList(summary && summaryId, missing.length > 0 && hintId)}
            >
              {sending ? 'Sending…' : 'Submit'}
            </button>
            {missing.length > 0 && !underConstruction ? (
              <p id={hintId} className="field-hint">
                Still needed: {missing.join(', ')}.
              </p>
            ) : null}
            {refusal ? <p className="field-error">{refusal}</p> : null}
          </div>
        </SubmissionFieldset>
      </form>
    </FormPanelShell>
  );
}
