import { useId, useRef } from 'react';
import { localToday } from '../../../shared/field-rules.ts';
import { eventSubmissionSchema } from '../../../shared/submissions.ts';
import { useUnderConstruction } from '../../lib/under-construction.ts';
import { useOutboxForm } from '../../outbox/use-outbox-form.ts';
import { ADD_EVENT_FRAME, EVENT_FAILED } from './event-texts.ts';
import { FormPanelShell } from '../../ui/FormPanel.tsx';
import { SubmissionFieldset } from '../../ui/SubmissionFieldset.tsx';
import { TextField } from '../../ui/Field.tsx';

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
const FIELD_ORDER = FIELDS.map((f) => f.field);

/** Submit waits for the three required fields, as the hint under it says. */
const isComplete = (v: Values) => !!(v.name.trim() && v.location.trim() && v.date.trim());

/**
 * The Add Event form: name, location and date are required to enable Submit,
 * the date is at most today, fields are trimmed. Sent through the outbox, so
 * offline it is kept on this device and delivered later. Errors show as the
 * last submit found them.
 */
export default function AddEventForm() {
  const uid = useId();
  const underConstruction = useUnderConstruction();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { values, bind, sending, onSubmit } = useOutboxForm({
    kind: 'event',
    initial: () => EMPTY,
    parse: (v: Values) => eventSubmissionSchema().safeParse(v),
    failedText: EVENT_FAILED,
    showErrors: 'submit',
    focus: { order: FIELD_ORDER, id: (f) => `${uid}-${f}` },
    blocked: (v) => !isComplete(v) || underConstruction,
    afterSuccess: () => headingRef.current?.focus(),
  });

  const today = localToday();
  const complete = isComplete(values);
  const disabled = !complete || sending || underConstruction;

  return (
    <FormPanelShell {...ADD_EVENT_FRAME} headingRef={headingRef}>
      <form className="form add-event-form" noValidate onSubmit={onSubmit}>
        <SubmissionFieldset legend="New event" disabled={underConstruction}>
          <div className="form-grid">
            {FIELDS.map(({ field, label, type, required, multiline, placeholder }) => (
              <TextField
                key={field}
                {...bind(field)}
                label={label}
                requiredMark={required}
                wide={multiline}
                required={required}
                placeholder={placeholder}
                rows={multiline ? 3 : undefined}
                input={{ type: type ?? 'text', max: type === 'date' ? today : undefined }}
              />
            ))}
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={disabled}>
              {sending ? 'Sending…' : 'Submit'}
            </button>
            {!complete && !underConstruction ? (
              <p className="field-hint">Event name, location and date are required.</p>
            ) : null}
          </div>
        </SubmissionFieldset>
      </form>
    </FormPanelShell>
  );
}
