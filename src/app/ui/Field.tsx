import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * One form field, the same in every form (after bulletproof-react's field
 * wrapper): the label, an optional hint, the error line, and what ties the
 * control to them. The control is the form's own (an input, a textarea, a
 * select, a combobox), drawn by `children` with the props it is handed: its id
 * (the label's `for`; useId unless given), `aria-invalid` while there is an
 * error, and `aria-describedby` naming the hint or the error.
 *
 * The error takes the hint's place while it shows: the hint says what the
 * field takes, the error what is wrong with it, on the same line. A unit
 * ('lbs') stands inside the control's box and describes it like a hint.
 */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Ids of describing texts, the empty ones left out; undefined when none is left. */
export const idList = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** A field's error line (also a choice group's). */
function ErrorLine({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/**
 * What went wrong with a whole form (not one field), said at once to a screen reader; nothing when there is nothing
 * to say. `id`: for a control that names it in its `aria-describedby`.
 */
export function FormAlert({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return children ? (
    <p id={id} className="field-error" role="alert">
      {children}
    </p>
  ) : null;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  id?: string | undefined;
  /** Ids of texts outside the field that also describe the control (a unit, a note under the form). */
  describedBy?: string | undefined;
  /** ' *' after the label: the submission forms mark their required fields so. */
  requiredMark?: boolean | undefined;
  /** The whole row of a form grid (`field-wide`). */
  wide?: boolean | undefined;
  /** Shown at the end of the control, e.g. 'lbs'. */
  unit?: string | undefined;
  className?: string | undefined;
}

export function Field({
  label,
  hint,
  error,
  id,
  describedBy,
  requiredMark = false,
  wide = false,
  unit,
  check = false,
  className,
  children,
}: FieldProps & {
  /** A checkbox: it sits inside its label, before the words. */
  check?: boolean;
  children: (control: FieldControl) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const unitId = `${controlId}-unit`;
  const control: FieldControl = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? idList(describedBy, errorId) : idList(describedBy, !!hint && hintId, !!unit && unitId),
  };
  const drawn = unit ? (
    <div className="input-unit">
      {children(control)}
      {/* Read as the control's description, not again on its own. */}
      <span id={unitId} className="unit" aria-hidden="true">
        {unit}
      </span>
    </div>
  ) : (
    children(control)
  );
  const words = (
    <>
      {label}
      {requiredMark ? ' *' : ''}
    </>
  );
  return (
    <div className={idList('field', wide && 'field-wide', className)}>
      {check ? (
        <label className="check">
          {drawn} {words}
        </label>
      ) : (
        <>
          <label htmlFor={controlId}>{words}</label>
          {drawn}
        </>
      )}
      {hint && !error ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorLine id={errorId} error={error} />
    </div>
  );
}

/** What both text controls take besides their value. */
type TextAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'autoComplete' | 'placeholder' | 'required' | 'maxLength' | 'disabled'
>;

/**
 * The common field: a text input (of `input`'s type, with its limits), or a
 * textarea of `rows` rows, handing each change of its text to `onValue`.
 */
export function TextField({
  value,
  onValue,
  onBlur,
  rows,
  input,
  ...props
}: FieldProps &
  TextAttributes & {
    value: string;
    onValue: (value: string) => void;
    onBlur?: () => void;
    rows?: number | undefined;
    input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max' | 'step'>;
  }) {
  const { inputMode, autoComplete, placeholder, required, maxLength, disabled, ...field } = props;
  const attributes = { inputMode, autoComplete, placeholder, required, maxLength, disabled };
  return (
    <Field {...field}>
      {(control) => {
        const common = {
          ...attributes,
          ...control,
          className: 'input',
          value,
          onBlur,
          onChange: (e: { target: { value: string } }) => onValue(e.target.value),
        };
        return rows ? <textarea {...common} rows={rows} /> : <input type="text" {...input} {...common} />;
      }}
    </Field>
  );
}

/** A checkbox row: the box inside its label, before the words, with the field's hint and error below. */
export function CheckboxField({
  checked,
  onChecked,
  ...field
}: FieldProps & { checked: boolean; onChecked: (checked: boolean) => void }) {
  return (
    <Field {...field} check>
      {(control) => (
        <input {...control} type="checkbox" checked={checked} onChange={(e) => onChecked(e.target.checked)} />
      )}
    </Field>
  );
}

/** A drop-down list of `options` ([value, words]), handing the chosen value to `onValue`. */
export function SelectField<T extends string>({
  value,
  onValue,
  onBlur,
  options,
  ...field
}: FieldProps & {
  value: T;
  onValue: (value: T) => void;
  onBlur?: () => void;
  options: readonly (readonly [value: T, words: ReactNode])[];
}) {
  return (
    <Field {...field}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          onChange={(e) => onValue(e.target.value as T)}
          onBlur={onBlur}
        >
          {options.map(([option, words]) => (
            <option key={option} value={option}>
              {words}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Radio buttons under a legend (hand, winner, sex), drawn as pills, with the
 * group's error line: the group is described by it. `id` is the first
 * button's, so a refused submit can put the cursor there.
 */
export function ChoiceGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
  onBlur,
  error,
  id,
  required = false,
  className,
}: {
  legend: ReactNode;
  options: readonly (readonly [value: V, label: ReactNode])[];
  value: string | null | undefined;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | null | undefined;
  id?: string;
  required?: boolean;
  className?: string;
}) {
  const autoId = useId();
  const groupId = id ?? autoId;
  const errorId = `${groupId}-error`;
  return (
    <fieldset className={idList(className, 'choice-group')} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="choices">
        {options.map(([option, label], i) => (
          <label key={option} className="choice">
            <input
              type="radio"
              name={`${groupId}-choice`}
              value={option}
              required={required || undefined}
              checked={value === option}
              onChange={() => onChange(option)}
              onBlur={onBlur}
              id={i === 0 ? groupId : undefined}
            />
            {label}
          </label>
        ))}
      </div>
      <ErrorLine id={errorId} error={error} />
    </fieldset>
  );
}
