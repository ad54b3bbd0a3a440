import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { CATEGORY_STATUS_LABELS } from '../../../../shared/tournament-contract/status.ts';
import { canUndo, checkWeighIn, METHOD_LABELS, METHODS, type Method } from '../../../../shared/tournament/index.ts';
import {
  entryCreateSchema,
  type TournamentCategory,
  type TournamentEntry,
} from '../../../../shared/tournament-contract/category.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import { firstFieldErrors } from '../../../../shared/field-errors.ts';
import { saveErrors, saveFailure, serverFieldErrors } from '../../../lib/save-errors.ts';
import { categoryState, matchLabel } from '../common/category-state.ts';
import { tournamentKeys } from '../common/tournament-api.ts';
import { AthleteSelect } from '../../../ui/AthleteSelect.tsx';
import { ChoiceGroup, SelectField, TextField } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { Correction } from './Correction.tsx';
import { addEntry, drawCategory, publishCategory, removeEntry, undoMatchResult, weighIn } from './head-table-api.ts';

/** After any change: the tournament is read again, so the desk shows what the server has. */
function useRefresh(tournamentId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
}

/**
 * One category at the head table. Before the draw: its athletes (a new name asks for sex), their weigh-ins
 * (the server's over-the-limit message beside the field) and the draw (by lot or by rating; the seed shown).
 * Running: every ready match, won by a tap on an athlete's name, and Undo of a result nothing later depends on.
 * Finished: Publish; published: Unpublish.
 */
export function CategoryDesk({
  tournament,
  category,
  names,
}: {
  tournament: Tournament;
  category: TournamentCategory;
  names: readonly string[];
}) {
  const refresh = useRefresh(tournament.id);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      toast.show(done, { tone: 'success' });
    } catch (error) {
      toast.show(saveFailure(error) ?? 'That did not work.', { tone: 'error' });
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return (
    <section className="category-desk" aria-label={category.name}>
      <h3>{category.name}</h3>
      <p className="muted">
        {CATEGORY_STATUS_LABELS[category.status]}
        {category.seed !== null ? ` · seed ${category.seed}` : ''}
      </p>
      {category.status === 'not_drawn' ? (
        <>
          <Entries tournament={tournament} category={category} />
          <AddAthlete tournament={tournament} category={category} names={names} />
          <Draw tournament={tournament} category={category} />
        </>
      ) : null}
      {category.status === 'running' ? <Matches tournament={tournament} category={category} /> : null}
      {category.status !== 'not_drawn' ? <Recorded tournament={tournament} category={category} /> : null}
      {category.status === 'finished' || category.status === 'published' ? (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void act(
                () => publishCategory(tournament.id, category.id, category.status === 'finished'),
                category.status === 'finished' ? 'Published.' : 'Unpublished.',
              )
            }
          >
            {category.status === 'finished' ? 'Publish' : 'Unpublish'}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function Entries({ tournament, category }: { tournament: Tournament; category: TournamentCategory }) {
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
function WeighIn({
  tournament,
  category,
  entry,
}: {
  tournament: Tournament;
  category: TournamentCategory;
  entry: TournamentEntry;
}) {
  const refresh = useRefresh(tournament.id);
  const [weight, setWeight] = useState(entry.weight === null ? '' : String(entry.weight));
  const [error, setError] = useState<string | undefined>();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const lbs = Number(weight);
    const own = checkWeighIn(category.weight_class, lbs);
    if (own) return setError(own);
    try {
      await weighIn(tournament.id, entry.id, lbs);
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
          unit="lbs"
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

function AddAthlete({
  tournament,
  category,
  names,
}: {
  tournament: Tournament;
  category: TournamentCategory;
  names: readonly string[];
}) {
  const refresh = useRefresh(tournament.id);
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
    if (!parsed.success) return setErrors(firstFieldErrors(parsed.error));
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
        unit="lbs"
        inputMode="decimal"
        error={errors.weight}
      />
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button secondary">
          Enter athlete
        </button>
      </div>
    </form>
  );
}

function Draw({ tournament, category }: { tournament: Tournament; category: TournamentCategory }) {
  const refresh = useRefresh(tournament.id);
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

/** The ready matches, and Undo where a result may still be taken back. */
function Matches({ tournament, category }: { tournament: Tournament; category: TournamentCategory }) {
  const refresh = useRefresh(tournament.id);
  const toast = useToast();
  const undoable = useMemo(() => {
    try {
      const state = categoryState(category, tournament.settings);
      return category.matches.filter((m) => canUndo(state, m.code));
    } catch {
      return [];
    }
  }, [category, tournament.settings]);
  const ready = category.matches.filter((m) => m.status === 'ready');
  const undo = async (m: TournamentMatch) => {
    try {
      await undoMatchResult(tournament.id, m.id);
      toast.show('Result taken back.', { tone: 'success' });
    } catch (err) {
      toast.show(saveFailure(err) ?? 'The result could not be taken back.', { tone: 'error' });
    }
    await refresh();
  };
  return (
    <div className="head-table-matches">
      <ul aria-label="Ready matches">
        {ready.map((m) => (
          <MatchDesk key={m.id} tournament={tournament} match={m} />
        ))}
      </ul>
      {undoable.length ? (
        <ul aria-label="Results that may be undone" className="head-table-undo">
          {undoable.map((m) => (
            <li key={m.id}>
              {matchLabel(m)}: {m.winner === 'A' ? m.a : m.b} won ({METHOD_LABELS[m.method ?? 'pin']}){' '}
              <button
                type="button"
                className="button secondary small"
                aria-label={`Undo ${matchLabel(m)}: ${m.a} vs ${m.b}`}
                onClick={() => void undo(m)}
              >
                Undo
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Every result recorded in the category, each with 'Correct' (published ones too: their medals and ratings are
 * recomputed by the server). Results decided without a pull (a withdrawal's or disqualification's later matches)
 * follow from the one that caused them and are not corrected on their own.
 */
function Recorded({ tournament, category }: { tournament: Tournament; category: TournamentCategory }) {
  const [correctingId, setCorrectingId] = useState<number | null>(null);
  // Looked up in the latest read: the match shown is always the server's.
  const correcting = category.matches.find((m) => m.id === correctingId);
  const done = category.matches.filter((m) => m.status === 'done' && !m.auto && m.a !== null && m.b !== null);
  if (done.length === 0) return null;
  return (
    <details className="head-table-recorded">
      <summary>Recorded results ({done.length})</summary>
      <ul aria-label="Recorded results">
        {done.map((m) => (
          <li key={m.id}>
            {matchLabel(m)}: {m.winner === 'A' ? m.a : m.b} beat {m.winner === 'A' ? m.b : m.a} (
            {METHOD_LABELS[m.method ?? 'pin']}){' '}
            <button
              type="button"
              className="button secondary small"
              aria-label={`Correct ${matchLabel(m)}: ${m.a} vs ${m.b}`}
              onClick={() => setCorrectingId(m.id)}
            >
              Correct
            </button>
          </li>
        ))}
      </ul>
      {correcting ? (
        <Correction
          tournament={tournament}
          category={category}
          match={correcting}
          onClose={() => setCorrectingId(null)}
        />
      ) : null}
    </details>
  );
}

const count = (text: string) => (/^\d{1,2}$/.test(text.trim()) ? Number(text) : 0);

/** A ready match: a tap on an athlete's name records them as the winner, by the method chosen (pin unless set). */
function MatchDesk({ tournament, match }: { tournament: Tournament; match: TournamentMatch }) {
  const refresh = useRefresh(tournament.id);
  const toast = useToast();
  const [method, setMethod] = useState<Method>('pin');
  const [marks, setMarks] = useState({ warnings_a: '', warnings_b: '', fouls_a: '', fouls_b: '' });
  const [busy, setBusy] = useState(false);
  const win = async (side: 'A' | 'B') => {
    setBusy(true);
    const winner = side === 'A' ? match.a : match.b;
    // The outbox's submit comes with the first result: it stays out of the head table's chunk.
    const { recordResultToOutbox } = await import('../../../outbox/submit.ts');
    const outcome = await recordResultToOutbox(
      tournament.id,
      match.id,
      {
        winner: side,
        method,
        warnings_a: count(marks.warnings_a),
        warnings_b: count(marks.warnings_b),
        fouls_a: count(marks.fouls_a),
        fouls_b: count(marks.fouls_b),
      },
      `${matchLabel(match)}: ${winner} beat ${side === 'A' ? match.b : match.a} (${METHOD_LABELS[method]})`,
    );
    if (outcome.status === 'sent') toast.show(`${winner} wins.`, { tone: 'success' });
    else if (outcome.status === 'queued')
      toast.show('Kept on this device: it is sent when the connection returns.', { tone: 'info' });
    else toast.show(outcome.message, { tone: 'error' });
    setBusy(false);
    await refresh();
  };
  const mark = (key: keyof typeof marks, label: string) => (
    <TextField
      label={label}
      value={marks[key]}
      onValue={(v) => setMarks((m) => ({ ...m, [key]: v }))}
      inputMode="numeric"
      maxLength={2}
    />
  );
  return (
    <li className="match-desk">
      <fieldset>
        <legend>
          {matchLabel(match)} · {match.code}
        </legend>
        <div className="match-desk-athletes">
          {(['A', 'B'] as const).map((side) => {
            const name = side === 'A' ? match.a : match.b;
            return (
              <button
                key={side}
                type="button"
                className="button match-winner"
                disabled={busy}
                aria-label={`${name} wins`}
                onClick={() => void win(side)}
              >
                {name}
              </button>
            );
          })}
        </div>
        <SelectField
          label="Method"
          value={method}
          onValue={setMethod}
          options={METHODS.map((m) => [m, METHOD_LABELS[m]] as const)}
        />
        <div className="match-desk-marks">
          {mark('warnings_a', `Warnings, ${match.a}`)}
          {mark('fouls_a', `Fouls, ${match.a}`)}
          {mark('warnings_b', `Warnings, ${match.b}`)}
          {mark('fouls_b', `Fouls, ${match.b}`)}
        </div>
      </fieldset>
    </li>
  );
}
