import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Association, AssociationSettings } from '../../../shared/association.ts';
import type { AssociationPreview } from '../../../shared/association-schema.ts';
import { ApiResponseError } from '../../lib/api.ts';
import { saveFailure } from '../../lib/save-errors.ts';
import { SelectField, TextField, Field } from '../../ui/Field.tsx';
import { SaveActions } from '../../ui/SaveActions.tsx';
import { useToast } from '../../ui/toast.tsx';
import { associationKeys } from '../../lib/association.ts';
import { previewChange, saveChange } from './association-api.ts';
import {
  changedFields,
  check,
  errorsFor,
  movesAthletes,
  valuesOf,
  type FormErrors,
  type FormValues,
} from './association-form.ts';
import { DivisionRows, TalentRows } from './Rows.tsx';
import { MovesDialog } from './MovesDialog.tsx';

export const SAVED = 'Association saved.';
const CLASSES_HINT = "Lightest first; the last is open-ended with '+': 55, 60, 65, … 110+";

/**
 * The admin's form for the association profile. Only the fields that changed are sent, so a change another admin
 * made meanwhile to another field is kept. A change of the classes or the unit is first asked as a dry run, and
 * the admin sees how many athletes move to which class before it is applied.
 */
export function AssociationForm({ profile }: { profile: Association }) {
  const client = useQueryClient();
  const toast = useToast();
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState<{ patch: Partial<AssociationSettings>; preview: AssociationPreview } | null>(
    null,
  );
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const bind = <
    K extends 'name' | 'short_name' | 'region' | 'time_zone' | 'contact' | 'classes_M' | 'classes_F' | 'team_points',
  >(
    key: K,
  ) => ({ value: values[key], onValue: (value: string) => set(key, value), error: errors[key] });

  const refused = (err: unknown) => {
    if (err instanceof ApiResponseError && err.fields) setErrors(errorsFor(err.fields, values));
  };
  const save = useMutation({
    mutationFn: saveChange,
    onSuccess: async (saved) => {
      setPending(null);
      client.setQueryData(associationKeys.all, saved);
      setValues(valuesOf(saved));
      await client.invalidateQueries({ queryKey: associationKeys.all });
      toast.show(SAVED);
    },
    onError: refused,
  });
  const preview = useMutation({ mutationFn: previewChange, onError: refused });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const patch = changedFields(profile, checked.settings);
    if (!Object.keys(patch).length) {
      toast.show('Nothing to save: no field changed.');
      return;
    }
    if (movesAthletes(profile, checked.settings)) {
      preview.mutate(patch, { onSuccess: (answer) => setPending({ patch, preview: answer }) });
    } else save.mutate(patch);
  };

  const busy = save.isPending || preview.isPending;
  return (
    <form className="form association-form" noValidate onSubmit={onSubmit} aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>Profile</h3>
      <div className="form-grid">
        <TextField {...bind('name')} label="Name" hint="The full name, e.g. Oregon Arm Wrestling" required />
        <TextField {...bind('short_name')} label="Short name" hint="At most 12 characters, for a phone's home screen" />
        <TextField {...bind('region')} label="Region" hint="e.g. Oregon or Lithuania" />
        <SelectField
          value={values.units}
          onValue={(u) => set('units', u)}
          error={errors.units}
          label="Units"
          options={[
            ['lbs', 'Pounds (lbs)'],
            ['kg', 'Kilograms (kg)'],
          ]}
        />
        <TextField {...bind('time_zone')} label="Time zone" hint="Its IANA name, e.g. America/Los_Angeles" />
        <TextField {...bind('contact')} label="Contact" hint="An e-mail address or a web address" />
        <Field label="Colour" hint="The top bar's and the home screen's colour" error={errors.theme_color}>
          {(control) => (
            <input
              {...control}
              type="color"
              className="input color-input"
              value={values.theme_color}
              onChange={(e) => set('theme_color', e.target.value)}
            />
          )}
        </Field>
      </div>
      <h3>Weight classes</h3>
      <div className="form-grid">
        <TextField {...bind('classes_M')} label={`Men's classes (${values.units})`} hint={CLASSES_HINT} wide />
        <TextField {...bind('classes_F')} label={`Women's classes (${values.units})`} hint={CLASSES_HINT} wide />
      </div>
      <DivisionRows rows={values.divisions} units={values.units} errors={errors} onRows={(r) => set('divisions', r)} />
      <div className="form-grid">
        <TextField
          {...bind('team_points')}
          label="Team points"
          hint="Points for 1st, 2nd, 3rd… place in the team standings"
          wide
        />
      </div>
      <TalentRows rows={values.talent} errors={errors} onRows={(r) => set('talent', r)} />
      <SaveActions
        saving={busy}
        failure={saveFailure(save.error ?? preview.error)}
        cancelLabel="Discard changes"
        onCancel={() => {
          setValues(valuesOf(profile));
          setErrors({});
        }}
      />
      {pending ? (
        <MovesDialog
          preview={pending.preview}
          applying={save.isPending}
          onApply={() => save.mutate(pending.patch)}
          onClose={() => setPending(null)}
        />
      ) : null}
    </form>
  );
}
