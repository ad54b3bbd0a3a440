import type { FieldBinding } from '../lib/form-validation.ts';
import { Field } from './Field.tsx';

/**
 * The submitter name of a submission form, a whole field: free text (blank is
 * sent as Anonymous), or, for a signed-in athlete with a verified name, that
 * name, read-only, with a hint saying why.
 */
export function SubmitterNameField({
  id,
  verifiedName,
  value,
  onValue,
  onBlur,
  error,
}: FieldBinding<string> & { verifiedName: string | null | undefined }) {
  return (
    <Field
      id={id}
      label="Your name"
      hint={verifiedName ? 'Locked to your verified name.' : undefined}
      error={verifiedName ? undefined : error}
    >
      {(control) =>
        verifiedName ? (
          <input {...control} className="input" type="text" value={verifiedName} readOnly aria-readonly="true" />
        ) : (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="name"
            placeholder="Anonymous"
            value={value}
            onChange={(e) => onValue(e.target.value)}
            onBlur={onBlur}
          />
        )
      }
    </Field>
  );
}
