import { useId, useRef, useState, type FormEvent } from 'react';
import { eventSubmissionSchema, localToday } from '../../../shared/submissions.ts';
import { FORM_TOAST_MS, SAVED_ON_DEVICE } from '../../ui/form-messages.ts';
import { useToast } from '../../ui/toast.tsx';
import { useUnderConstruction } from '../../lib/under-construction.ts';
import { submitToOutbox, type SubmitOutcome } from '../../outbox/submit.ts';
import { AddEventShell } from './AddEventPanel.tsx';
import { EVENT_FAILED, EVENT_SENT } from './event-texts.ts';

type Field = 'name' | 'location' | 'date' | 'details' | 'link' | 'submitter';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', location: '', date: '', details: '', link: '', submitter: '' };
const FIELDS: {
  field: Field;
  label: string;
  type?: string;
  required?: boolean;
  multiline?: boolean;
  placeholder?: string;
}[] = [
  { field: 'name', label: 'Event name', required: true },
  { field: 'location', label: 'Location', required: true },
  { field: 'date', label: 'Date', type: 'date', required: true },
  { field: 'details', label: 'Details', multiline: true },
  { field: 'link', label: 'Link', type: 'url', placeholder: 'https://' },
  { field: 'submitter', label: 'Your name', placeholder: 'Anonymous' },
];

/**
 * Spec part 2 §2 Add Event form, §5 rules (name, location and date required to
 * enable submit; date max today; fields trimmed), §8 texts; sent through the
 * outbox, so offline it is kept on this device and delivered later.
 */
export default function AddEventForm() {
  const uid = useId();
  const toast = useToast();
  const underConstruction = useUnderConstruction();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  const today = localToday();
  const complete = !!(values.name.trim() && values.location.trim() && values.date.trim());
  const disabled = !complete || sending || underConstruction;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (disabled) return;
    const parsed = eventSubmissionSchema().safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      const first = FIELDS.find((f) => next[f.field]);
      if (first) document.getElementById(`${uid}-${first.field}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    const outcome = await submitToOutbox('event', parsed.data).catch((err: unknown): SubmitOutcome => ({
      status: 'failed',
      message: err instanceof Error ? err.message : String(err),
    }));
    setSending(false);
    if (outcome.status === 'failed') {
      toast.show(EVENT_FAILED, { tone: 'error', durationMs: FORM_TOAST_MS });
      return;
    }
    toast.show(outcome.status === 'sent' ? EVENT_SENT : SAVED_ON_DEVICE, {
      tone: outcome.status === 'sent' ? 'success' : 'info',
      durationMs: FORM_TOAST_MS,
    });
    setValues(EMPTY);
    headingRef.current?.focus();
  };

  return (
    <AddEventShell headingRef={headingRef}>
      <form className="form add-event-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="form-fieldset" disabled={underConstruction}>
          <legend className="visually-hidden">New event</legend>
          {underConstruction ? <p className="muted form-note">Submissions are unavailable at the moment.</p> : null}
          <div className="form-grid">
            {FIELDS.map(({ field, label, type, required, multiline, placeholder }) => {
              const id = `${uid}-${field}`;
              const error = errors[field];
              const common = {
                id,
                className: 'input',
                value: values[field],
                required,
                placeholder,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? `${id}-error` : undefined,
              };
              return (
                <div key={field} className={`field${multiline ? ' field-wide' : ''}`}>
                  <label htmlFor={id}>
                    {label}
                    {required ? ' *' : ''}
                  </label>
                  {multiline ? (
                    <textarea
                      {...common}
                      rows={3}
                      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                    />
                  ) : (
                    <input
                      {...common}
                      type={type ?? 'text'}
                      max={type === 'date' ? today : undefined}
                      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                    />
                  )}
                  {error ? (
                    <p id={`${id}-error`} className="field-error">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={disabled}>
              {sending ? 'Sending…' : 'Submit'}
            </button>
            {!complete && !underConstruction ? (
              <p className="field-hint">Event name, location and date are required.</p>
            ) : null}
          </div>
        </fieldset>
      </form>
    </AddEventShell>
  );
}
