import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { tournamentCreateSchema } from '../../../../shared/tournament-contract/tournament.ts';
import { firstFieldErrors } from '../../../../shared/field-errors.ts';
import { formatDay } from '../../../lib/labels.ts';
import { saveErrors } from '../../../lib/save-errors.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../../ui/Field.tsx';
import { tournamentKeys, tournamentsQuery } from '../common/tournament-api.ts';
import { createTournament } from './head-table-api.ts';
import { TournamentDesk } from './TournamentDesk.tsx';
import './head-table.css';

export interface EventOption {
  id: number;
  name: string;
  date: string;
}

export interface HeadTableProps {
  /** The tournament at the head table; without one, the tournaments to choose from. */
  tournamentId: number | undefined;
  /** Its category at hand. */
  categoryId: number | undefined;
  /** The known names (athletes entered), and the admin's events (a new tournament is for one of them). */
  names: readonly string[];
  events: readonly EventOption[];
  /** A tournament just made, or a category chosen: the screen puts it in the address. */
  onTournament: (id: number) => void;
  onCategory: (id: number | undefined) => void;
}

/**
 * The head table (#/head-table, admins and developers): the tournaments, newest first, each a link to its own
 * head table, and 'New tournament'; or one tournament's (TournamentDesk).
 */
export function HeadTable({ tournamentId, categoryId, names, events, onTournament, onCategory }: HeadTableProps) {
  return tournamentId === undefined ? (
    <TournamentList events={events} onCreated={onTournament} />
  ) : (
    <TournamentDesk
      key={tournamentId}
      id={tournamentId}
      categoryId={categoryId}
      names={names}
      onCategory={onCategory}
    />
  );
}

function TournamentList({ events, onCreated }: { events: readonly EventOption[]; onCreated: (id: number) => void }) {
  const titleId = useId();
  const [creating, setCreating] = useState(false);
  const { data, isPending } = useQuery(tournamentsQuery());
  return (
    <section className="screen head-table-screen" aria-labelledby={titleId}>
      <h1 id={titleId}>Head table</h1>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => setCreating(true)}>
          New tournament
        </button>
      </div>
      {data?.length ? (
        <ul className="head-table-tournaments" aria-label="Tournaments">
          {data.map((t) => (
            <li key={t.id}>
              <Link to="/head-table" search={{ tournament: t.id }} className="head-table-tournament">
                <strong>{t.name}</strong>
                <span className="muted">
                  {formatDay(t.date)} · {t.categories} {t.categories === 1 ? 'category' : 'categories'}
                  {t.published ? ' · published' : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" role={isPending ? 'status' : undefined}>
          {isPending ? 'Loading tournaments…' : data ? 'No tournaments yet.' : 'The tournaments could not load.'}
        </p>
      )}
      {creating ? <NewTournament events={events} onClose={() => setCreating(false)} onCreated={onCreated} /> : null}
    </section>
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
  // The admin's events may come after the dialog opens: until one is picked, the first, and its name.
  const [picked, setEventId] = useState('');
  const eventId = picked || (events[0] ? String(events[0].id) : '');
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? events.find((ev) => String(ev.id) === eventId)?.name ?? '';
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
