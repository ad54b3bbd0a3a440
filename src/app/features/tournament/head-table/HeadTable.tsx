import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { CATEGORY_STATUS_LABELS } from '../../../../shared/tournament-contract/status.ts';
import { classesOf, classLabel } from '../../../../shared/association.ts';
import { HAND_LABELS, SEX_LABELS, type Division } from '../../../../shared/tournament/index.ts';
import { categoryCreateSchema } from '../../../../shared/tournament-contract/category.ts';
import { tournamentCreateSchema, type Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { Sex } from '../../../../shared/weight-classes.ts';
import type { Hand } from '../../../../shared/rankings.ts';
import { firstFieldErrors } from '../../../../shared/field-errors.ts';
import { useLiveTournament } from '../common/live-tournament.ts';
import { saveErrors, saveFailure, serverFieldErrors } from '../../../lib/save-errors.ts';
import { tournamentKeys, tournamentQuery, tournamentsQuery } from '../common/tournament-api.ts';
import { CollapsiblePanel } from '../../../ui/CollapsiblePanel.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { CategoryDesk } from './CategoryDesk.tsx';
import { Conflicts } from './Conflicts.tsx';
import { addCategory, createTournament, headTableKeys } from './head-table-api.ts';
import { Overview } from './Overview.tsx';
import { Tables } from './Tables.tsx';
import './head-table.css';
import { useAssociation } from '../../../lib/association.ts';

export interface EventOption {
  id: number;
  name: string;
  date: string;
}

/**
 * The head table on the admin screen: a tournament of an event ('New tournament'), its categories, and the
 * category at hand (CategoryDesk: athletes, weigh-ins, the draw, the matches, publishing). Loads when opened.
 */
export function HeadTable({ names, events }: { names: readonly string[]; events: readonly EventOption[] }) {
  const [loaded, setLoaded] = useState(false);
  const [tournamentId, setTournamentId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useQuery({ ...tournamentsQuery(), enabled: loaded });
  const tournaments = list.data ?? [];
  return (
    <CollapsiblePanel title="Tournaments" className="head-table" defaultOpen={false} onOpen={() => setLoaded(true)}>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => setCreating(true)}>
          New tournament
        </button>
      </div>
      {tournaments.length ? (
        <SelectField
          label="Tournament"
          value={tournamentId === null ? '' : String(tournamentId)}
          onValue={(v) => setTournamentId(v ? Number(v) : null)}
          options={[
            ['', 'Choose a tournament'],
            ...tournaments.map((t) => [String(t.id), `${t.name} (${t.date})`] as const),
          ]}
        />
      ) : list.isPending && loaded ? (
        <p className="muted" role="status">
          Loading tournaments…
        </p>
      ) : null}
      {tournamentId !== null ? <TournamentDesk key={tournamentId} id={tournamentId} names={names} /> : null}
      {creating ? (
        <NewTournament
          events={events}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setTournamentId(id);
          }}
        />
      ) : null}
    </CollapsiblePanel>
  );
}

function NewTournament({
  events,
  onClose,
  onCreated,
}: {
  events: readonly EventOption[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const client = useQueryClient();
  const [eventId, setEventId] = useState(events[0] ? String(events[0].id) : '');
  const [name, setName] = useState(events[0]?.name ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = tournamentCreateSchema.safeParse({ event_id: eventId, name });
    if (!parsed.success) return setErrors(firstFieldErrors(parsed.error));
    setBusy(true);
    try {
      const created = await createTournament(parsed.data);
      await client.invalidateQueries({ queryKey: tournamentKeys.list() });
      onCreated(created.id);
    } catch (error) {
      setErrors(saveErrors(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="New tournament" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SelectField
          label="Event"
          value={eventId}
          onValue={(v) => {
            setEventId(v);
            setName(events.find((ev) => String(ev.id) === v)?.name ?? name);
          }}
          error={errors.event_id}
          options={events.map((ev) => [String(ev.id), `${ev.name} (${ev.date})`] as const)}
        />
        <TextField label="Name" value={name} onValue={setName} error={errors.name} maxLength={120} />
        <FormAlert>{errors.form}</FormAlert>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Creating…' : 'Create tournament'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * A tournament at the head table: while it runs, the overview of its tables and any conflicts; its tables and
 * their links; its categories (one chosen), and a new one added. It follows the tournament live, and each new
 * read of it reads the head table's own (the overview, the conflicts) again.
 */
function TournamentDesk({ id, names }: { id: number; names: readonly string[] }) {
  const client = useQueryClient();
  const { data, isPending, dataUpdatedAt } = useQuery(tournamentQuery(id));
  const [categoryId, setCategoryId] = useState<number | null>(null);
  useLiveTournament(id);
  useEffect(() => {
    if (dataUpdatedAt) void client.invalidateQueries({ queryKey: headTableKeys.tournament(id) });
  }, [client, id, dataUpdatedAt]);
  if (isPending) {
    return (
      <p className="muted" role="status">
        Loading the tournament…
      </p>
    );
  }
  if (!data) return null;
  const category = data.categories.find((c) => c.id === categoryId);
  const running = data.categories.some((c) => c.status === 'running');
  return (
    <div className="tournament-desk">
      {running ? <Overview tournament={data} /> : null}
      <Conflicts tournament={data} />
      {data.categories.length ? <Tables tournament={data} /> : null}
      {data.categories.length ? (
        <SelectField
          label="Category"
          value={categoryId === null ? '' : String(categoryId)}
          onValue={(v) => setCategoryId(v ? Number(v) : null)}
          options={[
            ['', 'Choose a category'],
            ...data.categories.map((c) => [String(c.id), `${c.name} · ${CATEGORY_STATUS_LABELS[c.status]}`] as const),
          ]}
        />
      ) : (
        <p className="muted">No categories yet.</p>
      )}
      <AddCategory tournament={data} onAdded={setCategoryId} />
      {category ? <CategoryDesk key={category.id} tournament={data} category={category} names={names} /> : null}
    </div>
  );
}

/** A new category: the association's classes (a division's own, where it has them) and divisions, in its unit. */
function AddCategory({ tournament, onAdded }: { tournament: Tournament; onAdded: (id: number) => void }) {
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
