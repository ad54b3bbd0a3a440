import type { Units } from '../../../shared/association.ts';
import { FormAlert, SelectField, TextField } from '../../ui/Field.tsx';
import type { DivisionRow, FormErrors, TalentRow } from './association-form.ts';

/**
 * The association form's two lists of rows: divisions (in the order they are listed, each with where its medals
 * go and, when it has them, classes of its own) and the clubs' talent categories. Each row's fields are labelled
 * with its place, so a screen reader hears which row a field is in.
 */

function replace<T>(rows: readonly T[], i: number, row: T): T[] {
  return rows.map((r, j) => (j === i ? row : r));
}

function RowButtons({
  what,
  index,
  canRemove,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  canRemove: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="row-buttons">
      <button type="button" className="button secondary small" disabled={index === 0} onClick={() => onMove(index - 1)}>
        Move up<span className="visually-hidden"> {what}</span>
      </button>
      <button type="button" className="button secondary small" disabled={!canRemove} onClick={onRemove}>
        Remove<span className="visually-hidden"> {what}</span>
      </button>
    </div>
  );
}

function moved<T>(rows: readonly T[], from: number, to: number): T[] {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

export function DivisionRows({
  rows,
  units,
  errors,
  onRows,
}: {
  rows: readonly DivisionRow[];
  units: Units;
  errors: FormErrors;
  onRows: (rows: DivisionRow[]) => void;
}) {
  return (
    <fieldset className="rows-fieldset">
      <legend>Divisions</legend>
      <FormAlert>{errors.divisions}</FormAlert>
      {rows.map((d, i) => {
        const what = `division ${i + 1}`;
        const field = (key: 'code' | 'label' | 'M' | 'F') => ({
          value: d[key],
          onValue: (value: string) => onRows(replace(rows, i, { ...d, [key]: value })),
          error: errors[`divisions.${i}.${key}`],
        });
        return (
          <div key={i} className="form-grid row-grid" role="group" aria-label={`Division ${i + 1}`}>
            <TextField {...field('label')} label={`Division ${i + 1} name`} />
            <TextField {...field('code')} label={`Division ${i + 1} code`} hint="Lower-case letters, digits and _" />
            <SelectField
              value={d.medals}
              onValue={(medals) => onRows(replace(rows, i, { ...d, medals }))}
              label={`Division ${i + 1} medals`}
              options={[
                ['tournament', 'Tournament medals'],
                ['amateur', 'Amateur medals'],
              ]}
            />
            <TextField
              {...field('M')}
              label={`Division ${i + 1} men's classes (${units})`}
              hint="Blank: the men's classes"
            />
            <TextField
              {...field('F')}
              label={`Division ${i + 1} women's classes (${units})`}
              hint="Blank: the women's classes"
            />
            <RowButtons
              what={what}
              index={i}
              // An association has at least one division.
              canRemove={rows.length > 1}
              onMove={(to) => onRows(moved(rows, i, to))}
              onRemove={() => onRows(rows.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      <button
        type="button"
        className="button secondary"
        onClick={() => onRows([...rows, { code: '', label: '', medals: 'tournament', M: '', F: '' }])}
      >
        Add a division
      </button>
    </fieldset>
  );
}

export function TalentRows({
  rows,
  errors,
  onRows,
}: {
  rows: readonly TalentRow[];
  errors: FormErrors;
  onRows: (rows: TalentRow[]) => void;
}) {
  return (
    <fieldset className="rows-fieldset">
      <legend>Clubs' talent categories</legend>
      <p className="field-hint">A club's talent counts its members in the top 10 of these classes, per hand.</p>
      <FormAlert>{errors.talent}</FormAlert>
      {rows.map((t, i) => {
        const field = (key: 'label' | 'M' | 'F') => ({
          value: t[key],
          onValue: (value: string) => onRows(replace(rows, i, { ...t, [key]: value })),
          error: errors[`talent.${i}.${key}`],
        });
        return (
          <div key={i} className="form-grid row-grid" role="group" aria-label={`Talent category ${i + 1}`}>
            <TextField {...field('label')} label={`Talent category ${i + 1} name`} />
            <TextField {...field('M')} label={`Talent category ${i + 1} men's classes`} />
            <TextField {...field('F')} label={`Talent category ${i + 1} women's classes`} />
            <RowButtons
              what={`talent category ${i + 1}`}
              index={i}
              canRemove
              onMove={(to) => onRows(moved(rows, i, to))}
              onRemove={() => onRows(rows.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      <button type="button" className="button secondary" onClick={() => onRows([...rows, { label: '', M: '', F: '' }])}>
        Add a talent category
      </button>
    </fieldset>
  );
}
