import type { InputHTMLAttributes } from 'react';

/**
 * The submitter name of a submission form: free text (blank is sent as
 * Anonymous), or, for a signed-in athlete with a verified name, that name,
 * read-only and saying why. The form keeps the label and the error line.
 */
export function SubmitterNameInput({
  id,
  verifiedName,
  value,
  onChange,
  onBlur,
  invalidProps,
}: {
  id: string;
  verifiedName: string | null | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** aria-invalid and aria-describedby for the form's error line. */
  invalidProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  if (verifiedName) {
    return (
      <>
        <input
          id={id}
          className="input"
          type="text"
          value={verifiedName}
          readOnly
          aria-readonly="true"
          aria-describedby={`${id}-locked`}
        />
        <p id={`${id}-locked`} className="field-hint">
          Locked to your verified name.
        </p>
      </>
    );
  }
  return (
    <input
      id={id}
      className="input"
      type="text"
      autoComplete="name"
      placeholder="Anonymous"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      {...invalidProps}
    />
  );
}
