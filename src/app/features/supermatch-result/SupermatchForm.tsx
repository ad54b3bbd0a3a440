import { useId, useRef, type ReactNode } from 'react';
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
import { SubmitterNameInput } from '../../ui/SubmitterNameInput.tsx';

export const SUPERMATCH_FAILED = 'Failed to submit supermatch. Please try again later.';

const ids = (...list: (string | false | undefined)[]) => list.filter(Boolean).join(' ') || undefined;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

function TextField({
  id,
  label,
  children,
  error,
  errorId,
}: {
  id: string;
  label: string;
  children: ReactNode;
  error?: string | undefined;
  errorId?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {errorId ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

/**
 * The supermatch result form, posted through the outbox (sent, or kept on the
 * device and sent later, or refused). Validation is the shared schema's, run
 * on every change so Submit is only enabled for a valid form; messages show
 * once a field has been left (or a submit was attempted).
 */
export default function SupermatchForm() {
  const uid = useId();
  const fid = (f: SupermatchField) => `${uid}-${f}`;
  const eid = (f: SupermatchField) => `${uid}-${f}-error`;
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

  const invalidProps = (field: SupermatchField) => {
    const error = errorOf(field);
    return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? eid(field) : undefined };
  };

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
              <div key={f}>
                <AthleteSelect
                  id={fid(f)}
                  label={f === 'a' ? 'Competitor A' : 'Competitor B'}
                  value={values[f]}
                  onChange={(v) => set(f, v)}
                  onBlur={() => touch(f)}
                  names={names}
                  required
                  placeholder="Full name"
                  invalid={!!errorOf(f)}
                  describedBy={errorOf(f) ? eid(f) : undefined}
                  disabled={underConstruction}
                />
                <FieldError id={eid(f)} message={errorOf(f)} />
              </div>
            ))}

            <fieldset className="field choice-group" aria-describedby={errorOf('hand') ? eid('hand') : undefined}>
              <legend>Hand</legend>
              <div className="choices">
                {(
                  [
                    ['RH', 'Right'],
                    ['LH', 'Left'],
                  ] as const
                ).map(([value, label], i) => (
                  <label key={value} className="choice">
                    <input
                      type="radio"
                      name={`${uid}-hand`}
                      value={value}
                      checked={values.hand === value}
                      onChange={() => set('hand', value)}
                      onBlur={() => touch('hand')}
                      id={i === 0 ? fid('hand') : undefined}
                    />
                    {label}
                  </label>
                ))}
              </div>
              <FieldError id={eid('hand')} message={errorOf('hand')} />
            </fieldset>

            <fieldset className="field choice-group" aria-describedby={errorOf('winner') ? eid('winner') : undefined}>
              <legend>Winner</legend>
              <div className="choices">
                {(['A', 'B'] as const).map((side, i) => (
                  <label key={side} className="choice">
                    <input
                      type="radio"
                      name={`${uid}-winner`}
                      value={side}
                      checked={values.winner === side}
                      onChange={() => set('winner', side)}
                      onBlur={() => touch('winner')}
                      id={i === 0 ? fid('winner') : undefined}
                    />
                    {nameOf(side) ? `${side}: ${nameOf(side)}` : side}
                  </label>
                ))}
              </div>
              <FieldError id={eid('winner')} message={errorOf('winner')} />
            </fieldset>

            <TextField id={fid('score')} label="Score" error={errorOf('score')} errorId={eid('score')}>
              <input
                id={fid('score')}
                className="input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="3-2"
                value={values.score}
                onChange={(e) => set('score', cleanScoreInput(e.target.value))}
                onBlur={() => touch('score')}
                {...invalidProps('score')}
              />
            </TextField>

            <TextField id={fid('best_of')} label="Best of" error={errorOf('best_of')} errorId={eid('best_of')}>
              <select
                id={fid('best_of')}
                className="input"
                value={values.best_of}
                onChange={(e) => set('best_of', e.target.value)}
                onBlur={() => touch('best_of')}
                {...invalidProps('best_of')}
              >
                <option value="">Not sure</option>
                {BEST_OF_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </TextField>

            {(['weight_a', 'weight_b'] as const).map((f) => (
              <TextField
                key={f}
                id={fid(f)}
                label={f === 'weight_a' ? 'Weight A' : 'Weight B'}
                error={errorOf(f)}
                errorId={eid(f)}
              >
                <div className="input-unit">
                  <input
                    id={fid(f)}
                    className="input"
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={values[f]}
                    onChange={(e) => set(f, cleanDigits(e.target.value, WEIGHT_MAX_DIGITS))}
                    onBlur={() => touch(f)}
                    aria-invalid={errorOf(f) ? true : undefined}
                    aria-describedby={ids(`${fid(f)}-unit`, errorOf(f) && eid(f))}
                  />
                  <span id={`${fid(f)}-unit`} className="unit">
                    lbs
                  </span>
                </div>
              </TextField>
            ))}

            <TextField id={fid('date')} label="Date" error={errorOf('date')} errorId={eid('date')}>
              <input
                id={fid('date')}
                className="input"
                type="date"
                max={today}
                required
                value={values.date}
                onChange={(e) => set('date', e.target.value)}
                onBlur={() => touch('date')}
                {...invalidProps('date')}
              />
            </TextField>

            <TextField id={fid('location')} label="Location" error={errorOf('location')} errorId={eid('location')}>
              <input
                id={fid('location')}
                className="input"
                type="text"
                value={values.location}
                onChange={(e) => set('location', e.target.value)}
                onBlur={() => touch('location')}
                {...invalidProps('location')}
              />
            </TextField>

            {(['head_ref', 'down_ref'] as const).map((f) => (
              <TextField
                key={f}
                id={fid(f)}
                label={f === 'head_ref' ? 'Head referee' : 'Down referee'}
                error={errorOf(f)}
                errorId={eid(f)}
              >
                <input
                  id={fid(f)}
                  className="input"
                  type="text"
                  autoComplete="off"
                  value={values[f]}
                  onChange={(e) => set(f, e.target.value)}
                  onBlur={() => touch(f)}
                  {...invalidProps(f)}
                />
              </TextField>
            ))}
          </div>

          <TextField id={fid('notes')} label="Notes" error={errorOf('notes')} errorId={eid('notes')}>
            <textarea
              id={fid('notes')}
              className="input"
              rows={3}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
              onBlur={() => touch('notes')}
              {...invalidProps('notes')}
            />
          </TextField>

          <TextField id={fid('submitter')} label="Your name" error={errorOf('submitter')} errorId={eid('submitter')}>
            <SubmitterNameInput
              id={fid('submitter')}
              verifiedName={verifiedName}
              value={values.submitter}
              onChange={(v) => set('submitter', v)}
              onBlur={() => touch('submitter')}
              invalidProps={invalidProps('submitter')}
            />
          </TextField>

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
              aria-describedby={ids(summary && summaryId, missing.length > 0 && hintId)}
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
