import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { firstFieldErrors } from '../../../shared/field-errors.ts';
import { scheduledCardSchema, type ScheduledCardItem } from '../../../shared/supermatches.ts';
import { ApiResponseError } from '../../lib/api.ts';
import { AthleteSelect } from '../../ui/AthleteSelect.tsx';
import { cardKeys, saveCard } from './cards-api.ts';

/** An event a card can belong to, as the admin page hands them down. */
export interface CardEventOption {
  id: number;
  name: string;
  date: string;
}

interface Values {
  a: string;
  b: string;
  date: string;
  start_time: string;
  hand: 'RH' | 'LH' | 'both';
  weight_a: string;
  weight_b: string;
  location: string;
  event_id: string;
  hue: number;
  priority: string;
  featured: boolean;
  best_of: string;
}

const BEST_OF = ['1', '3', '5', '7', '9'];

function valuesOf(card: ScheduledCardItem | null): Values {
  return {
    a: card?.a ?? '',
    b: card?.b ?? '',
    date: card?.date ?? '',
    start_time: card?.start_time ?? '',
    hand: card?.hand ?? 'RH',
    weight_a: card?.weight_a ?? '',
    weight_b: card?.weight_b ?? '',
    location: card?.location ?? '',
    event_id: card?.event_id ? String(card.event_id) : '',
    // A new card gets a colour of its own; the admin may change it.
    hue: card?.hue ?? Math.floor(Math.random() * 360),
    priority: String(card?.priority ?? 0),
    featured: card?.featured ?? false,
    best_of: String(card?.best_of ?? 5),
  };
}

/**
 * Create or change a scheduled supermatch card: checked with the shared
 * schema here and again by the server (which also knows which names are
 * athletes: its field errors land beside the same inputs).
 */
export function CardEditor({
  card,
  names,
  events,
  onDone,
}: {
  card: ScheduledCardItem | null;
  names: readonly string[];
  events: readonly CardEventOption[];
  onDone: (saved: ScheduledCardItem | null) => void;
}) {
  const uid = useId();
  const client = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(card));
  const [errors, setErrors] = useState<Partial<Record<keyof Values | '_', string>>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveCard>[0]) => saveCard(body, card?.id ?? null),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: cardKeys.all });
      onDone(saved);
    },
    onError: (err) => {
      if (err instanceof ApiResponseError && err.fields) {
        const mine: Partial<Record<string, string>> = {};
        for (const [key, messages] of Object.entries(err.fields)) mine[key.split('.')[0]!] ??= messages[0];
        setErrors(mine);
      }
    },
  });
  const problem = !save.error
    ? null
    : save.error instanceof ApiResponseError
      ? save.error.message
      : 'The server could not be reached. Check the connection and try again.';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = scheduledCardSchema.safeParse({
      ...values,
      event_id: values.event_id ? Number(values.event_id) : null,
      priority: Number(values.priority || 0),
      best_of: Number(values.best_of),
    });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const field = (key: keyof Values, label: string, control: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`${uid}-${key}`}>{label}</label>
      {control}
      <p id={`${uid}-${key}-hint`} className={errors[key] ? 'field-error' : 'field-hint'}>
        {errors[key] ?? hint ?? ''}
      </p>
    </div>
  );
  const text = (key: 'weight_a' | 'weight_b' | 'location' | 'priority', type = 'text') => (
    <input
      id={`${uid}-${key}`}
      className="input"
      type={type}
      min={type === 'number' ? 0 : undefined}
      max={type === 'number' ? 100 : undefined}
      value={values[key]}
      aria-invalid={errors[key] ? true : undefined}
      aria-describedby={`${uid}-${key}-hint`}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const athlete = (key: 'a' | 'b', label: string) => (
    <div className="field">
      <AthleteSelect
        id={`${uid}-${key}`}
        label={label}
        value={values[key]}
        onChange={(v) => set(key, v)}
        names={names}
        required
        invalid={!!errors[key]}
        describedBy={`${uid}-${key}-hint`}
      />
      <p id={`${uid}-${key}-hint`} className={errors[key] ? 'field-error' : 'field-hint'}>
        {errors[key] ?? (key === 'a' ? 'Shown on the left' : 'Shown on the right')}
      </p>
    </div>
  );

  return (
    <form className="form card-editor" noValidate onSubmit={onSubmit} aria-label={card ? 'Edit card' : 'New card'}>
      <div className="form-grid">
        {athlete('a', 'Athlete A')}
        {athlete('b', 'Athlete B')}
        {field(
          'date',
          'Date',
          <input
            id={`${uid}-date`}
            className="input"
            type="date"
            value={values.date}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={`${uid}-date-hint`}
            onChange={(e) => set('date', e.target.value)}
          />,
        )}
        {field(
          'start_time',
          'Start time',
          <input
            id={`${uid}-start_time`}
            className="input"
            type="time"
            value={values.start_time}
            aria-invalid={errors.start_time ? true : undefined}
            aria-describedby={`${uid}-start_time-hint`}
            onChange={(e) => set('start_time', e.target.value)}
          />,
          'Local time at the venue; noon when left empty',
        )}
        {field(
          'hand',
          'Hand',
          <select
            id={`${uid}-hand`}
            className="input"
            value={values.hand}
            aria-describedby={`${uid}-hand-hint`}
            onChange={(e) => set('hand', e.target.value as Values['hand'])}
          >
            <option value="RH">Right Hand</option>
            <option value="LH">Left Hand</option>
            <option value="both">Both hands</option>
          </select>,
        )}
        {field(
          'best_of',
          'Best of',
          <select
            id={`${uid}-best_of`}
            className="input"
            value={values.best_of}
            aria-describedby={`${uid}-best_of-hint`}
            onChange={(e) => set('best_of', e.target.value)}
          >
            {BEST_OF.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>,
        )}
        {field('weight_a', 'Weight A', text('weight_a'), "Pounds, or a class like '243+'")}
        {field('weight_b', 'Weight B', text('weight_b'), "Pounds, or a class like '243+'")}
        {field('location', 'Location', text('location'))}
        {field(
          'event_id',
          'Event',
          <select
            id={`${uid}-event_id`}
            className="input"
            value={values.event_id}
            aria-invalid={errors.event_id ? true : undefined}
            aria-describedby={`${uid}-event_id-hint`}
            onChange={(e) => set('event_id', e.target.value)}
          >
            <option value="">No event</option>
            {events.map((ev) => (
              <option key={ev.id} value={ev.id}>
                {ev.name} ({ev.date})
              </option>
            ))}
          </select>,
        )}
        {field('priority', 'Priority', text('priority', 'number'), 'Higher shows first (0-100)')}
        {field(
          'hue',
          'Card colour',
          <span className="hue-field">
            <input
              id={`${uid}-hue`}
              type="range"
              min={0}
              max={359}
              value={values.hue}
              aria-describedby={`${uid}-hue-hint`}
              onChange={(e) => set('hue', Number(e.target.value))}
            />
            <span className="hue-swatch" style={{ background: `hsl(${values.hue} 60% 40%)` }} aria-hidden="true" />
          </span>,
          'Shown behind initials when an athlete has no picture',
        )}
        <label className="choice">
          <input type="checkbox" checked={values.featured} onChange={(e) => set('featured', e.target.checked)} />
          Featured on the home screen
        </label>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          Not saved: {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(null)} disabled={save.isPending}>
          Discard
        </button>
      </div>
    </form>
  );
}
