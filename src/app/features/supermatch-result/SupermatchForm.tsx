import { useId, useRef } from 'react';
import { cleanDigits, localToday } from '../../../shared/field-rules.ts';
import { cleanScoreInput, supermatchSummary, WEIGHT_MAX_DIGITS } from '../../../shared/submissions.ts';
import { AthleteSelect } from '../../ui/AthleteSelect.tsx';
import { useVerifiedName } from '../../auth/use-verified-name.ts';
import { useKnownNames } from '../../lib/known-names.ts';
import { useUnderConstruction } from '../../lib/under-construction.ts';
import { useOutboxForm } from '../../outbox/use-outbox-form.ts';
import { readSubmitterName, rememberSubmitterName } from '../../lib/submitter-name.ts';
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
import { ChoiceGroup, Field, idList } from '../../ui/Field.tsx';

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
  const verifiedName = useVerifiedName();
  const underConstruction = useUnderConstruction();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { values, set, validation, errorOf, touch, sending, refusal, onSubmit } = useOutboxForm({
    kind: 'supermatch',
    initial: () => initialValues(readSubmitterName(), localToday()),
    parse: (v) => parseSupermatch(v, verifiedName),
    ownMessages: OWN_MESSAGES,
    failedText: SUPERMATCH_FAILED,
    focus: { order: FIELD_ORDER, id: fid },
    blocked: () => underConstruction,
    fromDraft: (payload) => valuesFromPayload(payload, localToday()),
    onDraftTaken: () => {
      headingRef.current?.scrollIntoView({ block: 'start' });
      headingRef.current?.focus();
    },
    beforeSend: (v) => {
      if (!verifiedName) rememberSubmitterName(v.submitter);
    },
    afterSuccess: () => headingRef.current?.focus(),
  });

  const today = localToday();
  const summary = supermatchSummary(values);
  const missing = missingRequired(values);

  /** A text field's value and its two handlers. */
  const text = (f: 'location' | 'head_ref' | 'down_ref' | 'notes') => ({
    value: values[f],
    onChange: (e: { target: { value: string } }) => set(f, e.target.value),
    onBlur: () => touch(f),
  });

  const nameOf = (side: 'A' | 'B') => (side === 'A' ? values.a : values.b).trim();
  const hintId = `${uid}-hint`;
  const summaryId = `${uid}-summary`;
  const disabled = !validation.ok || sending || underConstruction;

  return (
    <FormPanelShell {...SUPERMATCH_FRAME} headingRef={headingRef}>
      <form className="form supermatch-form" noValidate onSubmit={onSubmit}>
        <SubmissionFieldset legend="Supermatch result" disabled={underConstruction}>
          <div className="form-grid">
            {(['a', 'b'] as const).map((f) => (
              <AthleteSelect
                key={f}
                id={fid(f)}
                label={f === 'a' ? 'Competitor A' : 'Competitor B'}
                value={values[f]}
                onChange={(v) => set(f, v)}
                onBlur={() => touch(f)}
                names={names}
                required
                placeholder="Full name"
                error={errorOf(f)}
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

            <Field id={fid('score')} label="Score" error={errorOf('score')}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="3-2"
                  value={values.score}
                  onChange={(e) => set('score', cleanScoreInput(e.target.value))}
                  onBlur={() => touch('score')}
                />
              )}
            </Field>

            <Field id={fid('best_of')} label="Best of" error={errorOf('best_of')}>
              {(control) => (
                <select
                  {...control}
                  className="input"
                  value={values.best_of}
                  onChange={(e) => set('best_of', e.target.value)}
                  onBlur={() => touch('best_of')}
                >
                  <option value="">Not sure</option>
                  {BEST_OF_OPTIONS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              )}
            </Field>

            {(['weight_a', 'weight_b'] as const).map((f) => (
              <Field
                key={f}
                id={fid(f)}
                label={f === 'weight_a' ? 'Weight A' : 'Weight B'}
                error={errorOf(f)}
                describedBy={`${fid(f)}-unit`}
              >
                {(control) => (
                  <div className="input-unit">
                    <input
                      {...control}
                      className="input"
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      value={values[f]}
                      onChange={(e) => set(f, cleanDigits(e.target.value, WEIGHT_MAX_DIGITS))}
                      onBlur={() => touch(f)}
                    />
                    <span id={`${fid(f)}-unit`} className="unit">
                      lbs
                    </span>
                  </div>
                )}
              </Field>
            ))}

            <Field id={fid('date')} label="Date" error={errorOf('date')}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="date"
                  max={today}
                  required
                  value={values.date}
                  onChange={(e) => set('date', e.target.value)}
                  onBlur={() => touch('date')}
                />
              )}
            </Field>

            {(
              [
                ['location', 'Location'],
                ['head_ref', 'Head referee'],
                ['down_ref', 'Down referee'],
              ] as const
            ).map(([f, label]) => (
              <Field key={f} id={fid(f)} label={label} error={errorOf(f)}>
                {(control) => (
                  <input
                    {...control}
                    {...text(f)}
                    className="input"
                    type="text"
                    autoComplete={f === 'location' ? undefined : 'off'}
                  />
                )}
              </Field>
            ))}
          </div>

          <Field id={fid('notes')} label="Notes" error={errorOf('notes')}>
            {(control) => <textarea {...control} {...text('notes')} className="input" rows={3} />}
          </Field>

          <SubmitterNameField
            id={fid('submitter')}
            verifiedName={verifiedName}
            value={values.submitter}
            onChange={(v) => set('submitter', v)}
            onBlur={() => touch('submitter')}
            error={errorOf('submitter')}
          />

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
