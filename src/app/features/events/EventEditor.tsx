import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { EVENT_STATUSES, eventStatus, type EventRecord } from '../../../shared/event-rules.ts';
import { eventDraftSchema, type EventDraft } from '../../../shared/events.ts';
import { firstFieldErrors } from '../../../shared/field-errors.ts';
import { ApiResponseError, apiPost, apiPut } from '../../lib/api.ts';
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
const LIST_FIELDS: { key: ListKey; label: string }[] = [
  { key: 'weigh_ins', label: 'Weigh-ins (one per line)' },
  { key: 'contacts', label: 'Contacts (one per line)' },
  { key: 'images', label: 'Images (one URL per line, in order)' },
];

/** What a new event can start from (e.g. a visitor's event submission); it is still a draft until saved. */
export type EventPrefill = Partial<Pick<EventRecord, 'name' | 'location' | 'date' | 'about' | 'link'>>;

/** The form's values: the event's, or for a new event the prefill's over empty ones (status draft). */
export function valuesOf(e: EventRecord | null, prefill?: EventPrefill): Values {
  const p = e ? undefined : prefill;
  return {
    name: e?.name ?? p?.name ?? '',
    date: e?.date ?? p?.date ?? '',
    schedule_start: e?.schedule_start ?? '',
    location: e?.location ?? p?.location ?? '',
    venue: e?.venue ?? '',
    host_hotel: e?.host_hotel ?? '',
    men_classes: e?.men_classes ?? '',
    women_classes: e?.women_classes ?? '',
    masters_classes: e?.masters_classes ?? '',
    kids_classes: e?.kids_classes ?? '',
    notes: e?.notes ?? '',
    about: e?.about ?? p?.about ?? '',
    entry_fees: e?.entry_fees ?? '',
    spectator: e?.spectator ?? '',
    cash_prizes: e?.cash_prizes ?? '',
    awards: e?.awards ?? '',
    benefiting: e?.benefiting ?? '',
    link: e?.link ?? p?.link ?? '',
    youtube_url: e?.youtube_url ?? '',
    facebook_url: e?.facebook_url ?? '',
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
  const uid = useId();
  const client = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(event, prefill));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const save = useMutation({
    mutationFn: (draft: EventDraft) =>
      event
        ? apiPut<EventRecord>(`/events/${event.id}`, draft, { auth: true })
        : apiPost<EventRecord>('/events', draft, { auth: true }),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: eventKeys.all });
      onDone(saved);
    },
  });
  const saving = save.isPending;
  // The panel stays open with every value, so nothing typed is lost; it says why, to try again.
  const saveError = !save.error
    ? null
    : save.error instanceof ApiResponseError
      ? save.error.message
      : 'The server could not be reached. Check the connection and try again.';
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // An existing event's pictures are managed by the image manager; the URL list is for a new event.
    const images = event
      ? undefined
      : values.images
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean);
    const parsed = eventDraftSchema.safeParse({ ...values, images, image_url: values.image_url.trim() || null });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const input = (key: TextKey, multiline?: boolean) => {
    const id = `${uid}-${key}`;
    const props = {
      id,
      className: 'input',
      value: values[key],
      'aria-invalid': errors[key] ? true : undefined,
      'aria-describedby': `${id}-hint`,
    };
    return multiline ? (
      <textarea {...props} rows={4} onChange={(e) => set(key, e.target.value)} />
    ) : (
      <input {...props} type="text" onChange={(e) => set(key, e.target.value)} />
    );
  };

  return (
    <form className="form event-editor" noValidate onSubmit={onSubmit} aria-label="Edit event">
      <div className="form-grid">
        {TEXT_FIELDS.map(({ key, label, hint, multiline }) => (
          <div key={key} className="field">
            <label htmlFor={`${uid}-${key}`}>{label}</label>
            {input(key, multiline)}
            <p id={`${uid}-${key}-hint`} className={errors[key] ? 'field-error' : 'field-hint'}>
              {errors[key] ?? hint ?? ''}
            </p>
          </div>
        ))}
        {LIST_FIELDS.filter((f) => !(event && f.key === 'images')).map(({ key, label }) => (
          <div key={key} className="field">
            <label htmlFor={`${uid}-${key}`}>{label}</label>
            <textarea
              id={`${uid}-${key}`}
              className="input"
              rows={3}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
              aria-invalid={errors[key] ? true : undefined}
            />
            {errors[key] ? <p className="field-error">{errors[key]}</p> : null}
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${uid}-status`}>Status</label>
          <select
            id={`${uid}-status`}
            className="input"
            value={values.status}
            onChange={(e) => set('status', e.target.value as Values['status'])}
          >
            {EVENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-position`}>Image position</label>
          <select
            id={`${uid}-position`}
            className="input"
            value={values.image_position}
            onChange={(e) => set('image_position', e.target.value as Values['image_position'])}
          >
            <option value="center">centre</option>
            <option value="top">top</option>
          </select>
        </div>
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
      {saveError ? (
        <p className="field-error" role="alert">
          Not saved: {saveError}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setValues(valuesOf(event, prefill));
            setErrors({});
            onDone(null);
          }}
        >
          Discard
        </button>
      </div>
    </form>
  );
}
