import { useMemo, useState, type FormEvent } from 'react';
import { checkWeighIn } from '../../../../shared/tournament/index.ts';
import { entryCreateSchema, type TournamentEntry } from '../../../../shared/tournament-contract/category.ts';
import { firstFieldErrors } from '../../../../shared/field-errors.ts';
import { saveErrors, saveFailure, serverFieldErrors } from '../../../lib/save-errors.ts';
import { AthleteSelect } from '../../../ui/AthleteSelect.tsx';
import { ChoiceGroup, FormAlert, SelectField, TextField } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { useRefreshTournament } from '../common/tournament-api.ts';
import { addEntry, drawCategory, removeEntry, weighIn } from './head-table-api.ts';
import type { CategoryProps, EntryProps } from './desk-props.ts';

/**
 * A category before its draw: its athletes (a new name asks for sex), their weigh-ins in the category's unit (the
 * over-the-limit message beside the field) and the draw (by lot or by rating; the seed shown).
 */
export function BeforeDraw({ tournament, category, names }: EntryProps) {
  return (
    <>
      <Entries tournament={tournament} category={category} />
      <AddAthlete tournament={tournament} category={category} names={names} />
      <Draw tournament={tournament} category={category} />
    </>
  );
}

function Entries({ tournament, category }: CategoryProps) {
  if (category.entries.length === 0) return <p className="muted">No athletes entered yet.</p>;
  return (
    <ul className="head-table-entries" aria-label="Athletes entered">
      {category.entries.map((e) => (
        <WeighIn key={e.id} tournament={tournament} category={category} entry={e} />
      ))}
    </ul>
  );
}

/** An athlete's weigh-in: the weight, checked against the class here and refused by the server beside the field. */
function WeighIn({ tournament, category, entry }: CategoryProps & { entry: TournamentEntry }) {
  const refresh = useRefreshTournament(tournament.id);
  const [weight, setWeight] = useState(entry.weight === null ? '' : String(entry.weight));
  const [error, setError] = useState<string | undefined>();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const value = Number(weight);
    const own = checkWeighIn(category.weight_class, value, category.units);
    if (own) return setError(own);
    try {
      await weighIn(tournament.id, entry.id, value);
      setError(undefined);
      await refresh();
    } catch (err) {
      setError(serverFieldErrors(err).weight ?? saveFailure(err) ?? undefined);
    }
  };
  return (
    <li>
      <form
        className="head-table-row"
        onSubmit={(e) => void save(e)}
        noValidate
        aria-label={`Weigh-in of ${entry.name}`}
      >
        <span className="head-table-name">
          {entry.name}
          {entry.club ? <span className="muted"> · {entry.club}</span> : null}
        </span>
        <TextField
          label={`Weight of ${entry.name}`}
          value={weight}
          onValue={setWeight}
          unit={category.units}
          inputMode="decimal"
          error={error}
        />
        <div className="form-actions">
          <button type="submit" className="button secondary small">
            Save weight
          </button>
          <button
            type="button"
            className="button secondary small"
            aria-label={`Remove ${entry.name}`}
            onClick={() => void removeEntry(tournament.id, entry.id).then(refresh, refresh)}
          >
            Remove
          </button>
        </div>
      </form>
    </li>
  );
}

function AddAthlete({ tournament, category, names }: EntryProps) {
  const refresh = useRefreshTournament(tournament.id);
  const [name, setName] = useState('');
  const [sex, setSex] = useState<'M' | 'F' | ''>('');
  const [club, setClub] = useState('');
  const [weight, setWeight] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const known = useMemo(() => {
    const key = name.trim().toLocaleLowerCase();
    return names.some((n) => n.toLocaleLowerCase() === key);
  }, [names, name]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = entryCreateSchema.safeParse({
      category_id: category.id,
      name,
      sex: known || !sex ? undefined : sex,
      club: club || undefined,
      weight: weight || undefined,
    });
    // A weight given is checked against the class here, as a weigh-in is, and asked for in the category's unit.
    const weightProblem = weight.trim() ? checkWeighIn(category.weight_class, Number(weight), category.units) : null;
    if (!parsed.success || weightProblem) {
      return setErrors({
        ...(parsed.success ? {} : firstFieldErrors(parsed.error)),
        ...(weightProblem ? { weight: weightProblem } : {}),
      });
    }
    if (!known && !sex) return setErrors({ sex: 'A new athlete: choose the sex.' });
    try {
      await addEntry(tournament.id, parsed.data);
      setName('');
      setSex('');
      setClub('');
      setWeight('');
      setErrors({});
      await refresh();
    } catch (err) {
      setErrors(saveErrors(err));
    }
  };
  return (
    <form className="head-table-add" onSubmit={(e) => void submit(e)} noValidate aria-label="Enter an athlete">
      <AthleteSelect label="Athlete" value={name} onValue={setName} names={names} error={errors.name} />
      {name.trim() && !known ? (
        <ChoiceGroup
          legend="Sex (a new athlete)"
          options={[
            ['M', 'Men'],
            ['F', 'Women'],
          ]}
          value={sex}
          onChange={setSex}
          error={errors.sex}
        />
      ) : null}
      <TextField label="Club" value={club} onValue={setClub} maxLength={120} error={errors.club} />
      <TextField
        label="Weight"
        value={weight}
        onValue={setWeight}
        unit={category.units}
        inputMode="decimal"
        error={errors.weight}
      />
      <FormAlert>{errors.form}</FormAlert>
      <div className="form-actions">
        <button type="submit" className="button secondary">
          Enter athlete
        </button>
      </div>
    </form>
  );
}

function Draw({ tournament, category }: CategoryProps) {
  const refresh = useRefreshTournament(tournament.id);
  const toast = useToast();
  const [method, setMethod] = useState<'lot' | 'rating'>('lot');
  const [seed, setSeed] = useState('');
  const [error, setError] = useState<string | undefined>();
  const draw = async (e: FormEvent) => {
    e.preventDefault();
    const n = seed.trim() ? Number(seed) : undefined;
    if (n !== undefined && !(Number.isInteger(n) && n >= 0 && n < 2 ** 32)) return setError('A whole number.');
    try {
      await drawCategory(tournament.id, category.id, n === undefined ? { method } : { method, seed: n });
      setError(undefined);
      toast.show('Drawn.', { tone: 'success' });
      await refresh();
    } catch (err) {
      setError(serverFieldErrors(err).seed ?? saveFailure(err) ?? undefined);
    }
  };
  return (
    <form className="head-table-row" onSubmit={(e) => void draw(e)} noValidate aria-label="Draw">
      <SelectField
        label="Draw by"
        value={method}
        onValue={setMethod}
        options={[
          ['lot', 'Lot'],
          ['rating', 'Rating'],
        ]}
      />
      <TextField
        label="Seed"
        hint="Optional: repeats a lot draw."
        value={seed}
        onValue={setSeed}
        inputMode="numeric"
        error={error}
      />
      <div className="form-actions">
        <button type="submit" className="button">
          Draw
        </button>
      </div>
    </form>
  );
}
