import { scheduledCardSchema } from '../../../shared/supermatches.ts';
import type { ScheduledCardItem } from '../../../shared/answers/supermatches.ts';
import { validateWith } from '../../lib/form-validation.ts';
import { textsOf, useSaveForm } from '../../lib/use-save-form.ts';
import { AthleteSelect } from '../../ui/AthleteSelect.tsx';
import { Field, SelectField, TextField } from '../../ui/Field.tsx';
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
  const { values, set, errors, bind, saving, failure, onSubmit } = useSaveForm({
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

  return (
    <form className="form card-editor" noValidate onSubmit={onSubmit} aria-label={card ? 'Edit card' : 'New card'}>
      <div className="form-grid">
        {(['a', 'b'] as const).map((key) => (
          <AthleteSelect
            key={key}
            {...bind(key)}
            label={key === 'a' ? 'Athlete A' : 'Athlete B'}
            names={names}
            required
            hint={key === 'a' ? 'Shown on the left' : 'Shown on the right'}
          />
        ))}
        <TextField {...bind('date')} label="Date" input={{ type: 'date' }} />
        <TextField
          {...bind('start_time')}
          label="Start time"
          hint="Local time at the venue; noon when left empty"
          input={{ type: 'time' }}
        />
        <SelectField
          {...bind('hand')}
          label="Hand"
          options={[
            ['RH', 'Right Hand'],
            ['LH', 'Left Hand'],
            ['both', 'Both hands'],
          ]}
        />
        <SelectField {...bind('best_of')} label="Best of" options={BEST_OF.map((n) => [n, n] as const)} />
        <TextField {...bind('weight_a')} label="Weight A" hint={WEIGHT_HINT} />
        <TextField {...bind('weight_b')} label="Weight B" hint={WEIGHT_HINT} />
        <TextField {...bind('location')} label="Location" />
        <SelectField
          {...bind('event_id')}
          label="Event"
          options={[['', 'No event'], ...events.map((ev) => [String(ev.id), `${ev.name} (${ev.date})`] as const)]}
        />
        <TextField
          {...bind('priority')}
          label="Priority"
          hint="Higher shows first (0-100)"
          input={{ type: 'number', min: 0, max: 100 }}
        />
        <Field label="Card colour" hint="Shown behind initials when an athlete has no picture" error={errors.hue}>
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
