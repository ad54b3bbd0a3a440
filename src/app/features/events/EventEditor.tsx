import { EVENT_STATUSES, eventStatus, type EventRecord } from '../../../shared/event-rules.ts';
import { eventDraftSchema, type EventDraft } from '../../../shared/events.ts';
import { classesOf } from '../../../shared/association.ts';
import { apiPost, apiPut } from '../../lib/api.ts';
import { useAssociation } from '../../lib/association.ts';
import { validateWith } from '../../lib/form-validation.ts';
import { textsOf, useSaveForm } from '../../lib/use-save-form.ts';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { SaveActions } from '../../ui/SaveActions.tsx';
import { eventKeys } from './events-api.ts';
import { ImageManager } from './ImageManager.tsx';

/**
 * The admin's edit panel, with a hint under each field (Discard restores the
 * event's values): the full draft, checked with the shared
 * schema here and again by the server, sent with PUT (or POST for a new
 * event). Lazy: zod loads only when an admin edits.
 */
type TextKey =
  | 'name'
  | 'date'
  | 'schedule_start'
  | 'location'
  | 'venue'
  | 'host_hotel'
  | 'men_classes'
  | 'women_classes'
  | 'masters_classes'
  | 'kids_classes'
  | 'notes'
  | 'about'
  | 'entry_fees'
  | 'spectator'
  | 'cash_prizes'
  | 'awards'
  | 'benefiting'
  | 'link'
  | 'youtube_url'
  | 'facebook_url'
  | 'image_url';
type ListKey = 'weigh_ins' | 'contacts' | 'images';

interface Values extends Record<TextKey | ListKey, string> {
  estimated: boolean;
  pending_details: boolean;
  status: (typeof EVENT_STATUSES)[number];
  image_position: 'top' | 'center';
}

const TEXT_FIELDS: { key: TextKey; label: string; hint?: string; multiline?: boolean }[] = [
  { key: 'name', label: 'Name' },
  { key: 'date', label: 'Date', hint: 'yyyy-mm-dd' },
  { key: 'schedule_start', label: 'Start time', hint: 'with am/pm, e.g. 10:00 am' },
  { key: 'location', label: 'Location' },
  { key: 'venue', label: 'Venue' },
  { key: 'host_hotel', label: 'Host hotel' },
  { key: 'men_classes', label: 'Men classes' },
  { key: 'women_classes', label: 'Women classes' },
  { key: 'masters_classes', label: 'Masters classes' },
  { key: 'kids_classes', label: 'Kids classes' },
  { key: 'notes', label: 'Notes', multiline: true },
  { key: 'about', label: 'About', multiline: true },
  { key: 'entry_fees', label: 'Entry fees' },
  { key: 'spectator', label: 'Spectator' },
  { key: 'cash_prizes', label: 'Cash prizes' },
  { key: 'awards', label: 'Awards' },
  { key: 'benefiting', label: 'Benefiting' },
  { key: 'link', label: 'Website', hint: 'starts with http:// or https://' },
  { key: 'youtube_url', label: 'YouTube (livestream)', hint: 'starts with http:// or https://' },
  { key: 'facebook_url', label: 'Facebook', hint: 'starts with http:// or https://' },
  { key: 'image_url', label: 'Cover image URL', hint: 'starts with http:// or https://, or /' },
];
const TEXT_KEYS = TEXT_FIELDS.map((f) => f.key).filter((key) => key !== 'image_url');
const LIST_FIELDS: { key: ListKey; label: string }[] = [
  { key: 'weigh_ins', label: 'Weigh-ins (one per line)' },
  { key: 'contacts', label: 'Contacts (one per line)' },
  { key: 'images', label: 'Images (one URL per line, in order)' },
];

/** What a new event can start from (e.g. a visitor's event submission); it is still a draft until saved. */
export type EventPrefill = Partial<Pick<EventRecord, 'name' | 'location' | 'date' | 'about' | 'link'>>;

/** The form's values: the event's, or for a new event the prefill's over empty ones (status draft). */
export function valuesOf(e: EventRecord | null, prefill?: EventPrefill): Values {
  return {
    // A prefill holds only some of the texts: the rest start empty.
    ...textsOf(e ?? prefill, TEXT_KEYS),
    image_url: e && e.image_url !== e.images[0] ? (e.image_url ?? '') : '',
    weigh_ins: e?.weigh_ins.join('\n') ?? '',
    contacts: e?.contacts.join('\n') ?? '',
    images: e?.images.join('\n') ?? '',
    estimated: e?.estimated ?? false,
    pending_details: e?.pending_details ?? false,
    status: e ? eventStatus(e) : 'draft',
    image_position: e?.image_position ?? 'center',
  };
}

export default function EventEditor({
  event,
  prefill,
  onDone,
}: {
  event: EventRecord | null;
  /** For a new event (event null): the values it starts with. */
  prefill?: EventPrefill;
  /** After Save (with the stored event) or Discard (null). */
  onDone: (saved: EventRecord | null) => void;
}) {
  const { values, set, bind, saving, failure, onSubmit, reset } = useSaveForm({
    initial: () => valuesOf(event, prefill),
    check: (v: Values) => {
      // An existing event's pictures are managed by the image manager; the URL list is for a new event.
      const images = event
        ? undefined
        : v.images
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean);
      return validateWith(eventDraftSchema.safeParse({ ...v, images, image_url: v.image_url.trim() || null }));
    },
    save: (draft: EventDraft) =>
      event
        ? apiPut<EventRecord>(`/events/${event.id}`, draft, { auth: true })
        : apiPost<EventRecord>('/events', draft, { auth: true }),
    invalidates: [eventKeys.all],
    onSaved: onDone,
  });

  const classHints = useClassHints();
  return (
    <form className="form event-editor" noValidate onSubmit={onSubmit} aria-label="Edit event">
      <div className="form-grid">
        {TEXT_FIELDS.map(({ key, label, hint, multiline }) => (
          <TextField
            key={key}
            {...bind(key)}
            label={label}
            hint={hint ?? classHints[key]}
            rows={multiline ? 4 : undefined}
          />
        ))}
        {LIST_FIELDS.filter((f) => !(event && f.key === 'images')).map(({ key, label }) => (
          <TextField key={key} {...bind(key)} label={label} rows={3} />
        ))}
        <SelectField {...bind('status')} label="Status" options={EVENT_STATUSES.map((s) => [s, s] as const)} />
        <SelectField
          {...bind('image_position')}
          label="Image position"
          options={[
            ['center', 'centre'],
            ['top', 'top'],
          ]}
        />
        <label className="choice">
          <input type="checkbox" checked={values.estimated} onChange={(e) => set('estimated', e.target.checked)} />
          Estimated date
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={values.pending_details}
            onChange={(e) => set('pending_details', e.target.checked)}
          />
          Details pending
        </label>
      </div>
      {event ? <ImageManager eventId={event.id} /> : null}
      <SaveActions
        saving={saving}
        failure={failure}
        onCancel={() => {
          reset();
          onDone(null);
        }}
      />
    </form>
  );
}

/**
 * The class fields' hints: the association's own classes in its unit ('e.g. 55, 60, … 110+ kg'), so an organizer
 * writes the classes the leaderboards and the tournaments use. Masters' hint where the profile gives masters classes
 * of their own.
 */
function useClassHints(): Partial<Record<TextKey, string>> {
  const { classes, units } = useAssociation();
  const hint = (list: readonly string[]) => `e.g. ${list.join(', ')} ${units}`;
  const masters = classes.by_division?.masters?.M;
  return {
    men_classes: hint(classesOf(classes, 'M')),
    women_classes: hint(classesOf(classes, 'F')),
    ...(masters ? { masters_classes: hint(masters) } : {}),
  };
}
