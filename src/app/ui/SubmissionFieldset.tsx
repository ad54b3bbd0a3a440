import type { ReactNode } from 'react';

/**
 * The fields of a form that submits through the outbox. While the app is under
 * construction (the API failed) every field is disabled and a line says why.
 */
export function SubmissionFieldset({
  legend,
  disabled,
  children,
}: {
  legend: string;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="form-fieldset" disabled={disabled}>
      <legend className="visually-hidden">{legend}</legend>
      {disabled ? <p className="muted form-note">Submissions are unavailable at the moment.</p> : null}
      {children}
    </fieldset>
  );
}
