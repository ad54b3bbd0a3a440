import { useId } from 'react';
import { scheduledCardSchema, type ScheduledCardItem } from '../../../shared/supermatches.ts';
import { validateWith } from '../../lib/form-validation.ts';
import { textsOf, useSaveForm } from '../../lib/use-save-form.ts';
import { AthleteSelect } from '../../ui/AthleteSelect.tsx';
import { Field } from '../../ui/Field.tsx';
import { SaveActions } from '../../ui/SaveActions.tsx';
import { cardKeys, saveCard } from './cards-api.ts';

/** An event a card can belong to, as the admin page hands them down. */
export interface CardEventOption {
  id: number;
  name: string;
  date: string;
}

const TEXTS = ['a', 'b', 'date', 'start_time', 'weight_a', 'weight_b', 'location'] as const;

interface Values extends Record<(typeof TEXTS)[number], string> {
  hand: 'RH' | 'LH' | 'both';
  event_id: string;
  hue: number;
  priority: string;
  featured: boolean;
  best_of: string;
}

const BEST_OF = ['1', '3', '5', '7', '9'];
const WEIGHT_HINT = "Pounds, or a class like '243+'";

function valuesOf(card: ScheduledCardItem | null): Values {
  return {
    ...textsOf(card, TEXTS),
    hand: card?.hand ?? 'RH',
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
  const fid = (key: keyof Values) => `${uid}-${key}`;
  const { values, set, errors, saving, failure, onSubmit } = useSaveForm({
    initial: () => valuesOf(card),
    check: (v: Values) =>
      validateWith(
        scheduledCardSchema.safeParse({
          ...v,
          event_id: v.event_id ? Number(v.event_id) : null,
          priority: Number(v.priority || 0),
          best_of: Number(v.best_of),
        }),
      ),
    save: (body) => saveCard(body, card?.id ?? null),
    invalidates: [cardKeys.all],
    onSaved: onDone,
  });

  const text = (key: 'weight_a' | 'weight_b' | 'location' | 'priority', label: string, hint?: string) => (
    <Field id={fid(key)} label={label} hint={hint} error={errors[key]}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={key === 'priority' ? 'number' : 'text'}
          min={key === 'priority' ? 0 : undefined}
          max={key === 'priority' ? 100 : undefined}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form className="form card-editor" noValidate onSubmit={onSubmit} aria-label={card ? 'Edit card' : 'New card'}>
      <div className="form-grid">
        {(['a', 'b'] as const).map((key) => (
          <AthleteSelect
            key={key}
            id={fid(key)}
            label={key === 'a' ? 'Athlete A' : 'Athlete B'}
            value={values[key]}
            onChange={(v) => set(key, v)}
            names={names}
            required
            hint={key === 'a' ? 'Shown on the left' : 'Shown on the right'}
            error={errors[key]}
          />
        ))}
        <Field id={fid('date')} label="Date" error={errors.date}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
            />
          )}
        </Field>
        <Field
          id={fid('start_time')}
          label="Start time"
          hint="Local time at the venue; noon when left empty"
          error={errors.start_time}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="time"
              value={values.start_time}
              onChange={(e) => set('start_time', e.target.value)}
            />
          )}
        </Field>
        <Field id={fid('hand')} label="Hand" error={errors.hand}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={values.hand}
              onChange={(e) => set('hand', e.target.value as Values['hand'])}
            >
              <option value="RH">Right Hand</option>
              <option value="LH">Left Hand</option>
              <option value="both">Both hands</option>
            </select>
          )}
        </Field>
        <Field id={fid('best_of')} label="Best of" error={errors.best_of}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={values.best_of}
              onChange={(e) => set('best_of', e.target.value)}
            >
              {BEST_OF.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('weight_a', 'Weight A', WEIGHT_HINT)}
        {text('weight_b', 'Weight B', WEIGHT_HINT)}
        {text('location', 'Location')}
        <Field id={fid('event_id')} label="Event" error={errors.event_id}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={values.event_id}
              onChange={(e) => set('event_id', e.target.value)}
            >
              <option value="">No event</option>
              {events.map((ev) => (
                <option key={ev.id} value={ev.id}>
                  {ev.name} ({ev.date})
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('priority', 'Priority', 'Higher shows first (0-100)')}
        <Field
          id={fid('hue')}
          label="Card colour"
          hint="Shown behind initials when an athlete has no picture"
          error={errors.hue}
        >
          {(control) => (
            <span className="hue-field">
              <input
                {...control}
                type="range"
                min={0}
                max={359}
                value={values.hue}
                onChange={(e) => set('hue', Number(e.target.value))}
              />
              <span className="hue-swatch" style={{ background: `hsl(${values.hue} 60% 40%)` }} aria-hidden="true" />
            </span>
          )}
        </Field>
        <label className="choice">
          <input type="checkbox" checked={values.featured} onChange={(e) => set('featured', e.target.checked)} />
          Featured on the home screen
        </label>
      </div>
      <SaveActions saving={saving} failure={failure} onCancel={() => onDone(null)} />
    </form>
  );
}
