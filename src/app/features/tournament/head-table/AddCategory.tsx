import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { classesOf, classLabel } from '../../../../shared/association.ts';
import { HAND_LABELS, SEX_LABELS, type Division } from '../../../../shared/tournament/index.ts';
import { categoryCreateSchema } from '../../../../shared/tournament-contract/category.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { Sex } from '../../../../shared/weight-classes.ts';
import type { Hand } from '../../../../shared/rankings.ts';
import { firstFieldErrors } from '../../../../shared/field-errors.ts';
import { useAssociation } from '../../../lib/association.ts';
import { saveFailure, serverFieldErrors } from '../../../lib/save-errors.ts';
import { SelectField } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { tournamentKeys } from '../common/tournament-api.ts';
import { addCategory } from './head-table-api.ts';

/** A new category: the association's classes (a division's own, where it has them) and divisions, in its unit. */
export function AddCategory({ tournament, onAdded }: { tournament: Tournament; onAdded: (id: number) => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const association = useAssociation();
  const [sex, setSex] = useState<Sex>('M');
  const [hand, setHand] = useState<Hand>('RH');
  const [division, setDivision] = useState<Division>(association.divisions[0]!.code);
  const classes = classesOf(association.classes, sex, division);
  const [chosenClass, setWeightClass] = useState<string>(classes[0]!);
  // A sex or division with other classes starts at its lightest.
  const weightClass = classes.includes(chosenClass) ? chosenClass : classes[0]!;
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = categoryCreateSchema.safeParse({ sex, hand, weight_class: weightClass, division });
    if (!parsed.success) return setErrors(firstFieldErrors(parsed.error));
    try {
      const added = await addCategory(tournament.id, parsed.data);
      setErrors({});
      await client.invalidateQueries({ queryKey: tournamentKeys.detail(tournament.id) });
      toast.show(`${added.name} added.`, { tone: 'success' });
      onAdded(added.id);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast.show(saveFailure(error) ?? 'The category could not be added.', { tone: 'error' });
    }
  };
  return (
    <form className="head-table-row" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a category">
      <SelectField
        label="Sex"
        value={sex}
        onValue={(v) => {
          setSex(v);
          setWeightClass(classesOf(association.classes, v, division)[0]!);
        }}
        options={(['M', 'F'] as const).map((s) => [s, SEX_LABELS[s]] as const)}
      />
      <SelectField
        label="Hand"
        value={hand}
        onValue={setHand}
        options={(['RH', 'LH'] as const).map((h) => [h, HAND_LABELS[h]] as const)}
      />
      <SelectField
        label="Weight class"
        value={weightClass}
        onValue={setWeightClass}
        error={errors.weight_class}
        options={classes.map((c) => [c, classLabel(c, association.units)] as const)}
      />
      <SelectField
        label="Division"
        value={division}
        onValue={setDivision}
        error={errors.division}
        options={association.divisions.map((d) => [d.code, d.label] as const)}
      />
      <div className="form-actions">
        <button type="submit" className="button secondary">
          Add category
        </button>
      </div>
    </form>
  );
}
