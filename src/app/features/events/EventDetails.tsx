import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  aboutCut,
  eventDateLabel,
  eventSharePath,
  eventStatus,
  mapsSearchUrl,
  phoneHref,
  type EventRecord,
} from '../../../shared/event-rules.ts';
import { isDevEnvironment } from '../../lib/environment.ts';
import { CloseButton, Dialog } from '../../ui/Dialog.tsx';
import { useDragToClose } from './drag-close.ts';
import { HeroCarousel } from './HeroCarousel.tsx';
import { Livestream, useLivestreamAnalytics } from './Livestream.tsx';
import { SHARE_LABELS, shareLink, useResettingState, type ShareState } from './share.ts';

export const DRAFT_DISCLAIMER = 'Draft: this event is not published and is visible only to admins.';
export const PENDING_DISCLAIMER = 'Tentative: the details of this event are not confirmed yet and may change.';
export const REGISTRATION_SOON = 'Online Registration Coming Soon';

const EventEditor = lazy(() => import('./EventEditor.tsx'));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="event-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useResettingState(false);
  return (
    <button
      type="button"
      className="button secondary small"
      aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** A section of one line of text with its copy button (Venue, Host Hotel). */
function CopySection({ title, text }: { title: string; text: string }) {
  const label = title.charAt(0) + title.slice(1).toLowerCase();
  return (
    <Section title={title}>
      <p className="event-copy-row">
        <span>{text}</span> <CopyButton text={text} label={label} />
      </p>
    </Section>
  );
}

function About({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const cut = aboutCut(text);
  return (
    <Section title="About">
      <p className="event-about">{cut && !open ? cut : text}</p>
      {cut ? (
        <button type="button" className="button link" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Read less' : 'Read more'}
        </button>
      ) : null}
    </Section>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="event-info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Everything known about one event, opened by ?id= or ?event=. */
export function EventDetails({
  event,
  onClose,
  admin = false,
  onCreated,
  onBack,
  related,
}: {
  /** Null: a new event, in edit mode (the admin's + button). */
  event: EventRecord | null;
  onClose: () => void;
  admin?: boolean;
  onCreated?: (saved: EventRecord) => void;
  /** Back to where the link came from (the supermatches page). */
  onBack?: (() => void) | undefined;
  /** What the route adds below the event's facts (links to its tournaments' brackets). */
  related?: ReactNode;
}) {
  const [editing, setEditing] = useState(event === null);
  if (!event || editing) {
    return (
      <Dialog title={event ? `Edit ${event.name}` : 'New event'} onClose={onClose} className="event-dialog">
        <Suspense fallback={<p className="muted">Loading the editor…</p>}>
          <EventEditor
            event={event}
            onDone={(saved) => {
              if (!event) {
                if (saved) onCreated?.(saved);
                else onClose();
              } else setEditing(false);
            }}
          />
        </Suspense>
      </Dialog>
    );
  }
  return (
    <EventView
      event={event}
      onClose={onClose}
      onBack={onBack}
      onEdit={admin ? () => setEditing(true) : undefined}
      related={related}
    />
  );
}

function EventView({
  event,
  onClose,
  onEdit,
  onBack,
  related,
}: {
  event: EventRecord;
  onClose: () => void;
  onEdit?: (() => void) | undefined;
  onBack?: (() => void) | undefined;
  related: ReactNode;
}) {
  const [share, setShare] = useResettingState<ShareState>('idle');
  useLivestreamAnalytics(event);
  const drag = useDragToClose(onClose);
  const status = eventStatus(event);
  const classes = (
    [
      ['Men', event.men_classes],
      ['Women', event.women_classes],
      ['Masters', event.masters_classes],
      ['Kids', event.kids_classes],
    ] as const
  ).filter(([, v]) => v);
  const when = [eventDateLabel(event), event.schedule_start].filter(Boolean).join(' · ');
  const links = (
    [
      ['YouTube', event.youtube_url],
      ['Facebook', event.facebook_url],
      ['Website', event.link],
    ] satisfies [string, string | null][]
  ).flatMap(([label, url]) => (url ? [[label, url] as const] : []));

  const onShare = async () => {
    const url = new URL(eventSharePath(event), location.origin).toString();
    setShare(await shareLink(url, event.name));
  };

  return (
    <Dialog
      title={event.name}
      onClose={onClose}
      className="event-dialog"
      footer={
        <>
          {onBack ? (
            <button type="button" className="button secondary" onClick={onBack}>
              Back to supermatches
            </button>
          ) : null}
          {onEdit ? (
            <button type="button" className="button secondary" onClick={onEdit}>
              Edit
            </button>
          ) : null}
          <button type="button" className="button secondary" onClick={() => void onShare()} aria-live="polite">
            {SHARE_LABELS[share]}
          </button>
          <CloseButton onClose={onClose} />
        </>
      }
    >
      <button type="button" className="drag-handle" aria-label="Close (or drag down)" {...drag} />
      <HeroCarousel event={event} />
      {status === 'draft' ? <p className="event-disclaimer">{DRAFT_DISCLAIMER}</p> : null}
      {status === 'pending' ? <p className="event-disclaimer">{PENDING_DISCLAIMER}</p> : null}
      <dl className="event-info">
        <InfoRow label="Date">{when}</InfoRow>
        {event.location ? (
          <InfoRow label="Location">
            <a href={mapsSearchUrl(event.location)} target="_blank" rel="noopener noreferrer">
              {event.location}
            </a>
          </InfoRow>
        ) : null}
        {event.weigh_ins[0] ? <InfoRow label="Weigh-ins">{event.weigh_ins[0]}</InfoRow> : null}
        {event.entry_fees ? <InfoRow label="Entry fee">{event.entry_fees}</InfoRow> : null}
      </dl>
      {related}
      {isDevEnvironment ? (
        <button type="button" className="button" disabled>
          {REGISTRATION_SOON}
        </button>
      ) : null}
      {event.youtube_url ? <Livestream event={{ ...event, youtube_url: event.youtube_url }} /> : null}
      {event.about ? <About text={event.about} /> : null}
      {event.weigh_ins.length ? (
        <Section title="Weigh-ins">
          <ul>
            {event.weigh_ins.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {classes.length || event.notes ? (
        <Section title="Weight Classes">
          <dl className="event-classes">
            {classes.map(([label, value]) => (
              <InfoRow key={label} label={label}>
                {value}
              </InfoRow>
            ))}
          </dl>
          {event.notes ? <p className="muted">{event.notes}</p> : null}
        </Section>
      ) : null}
      {event.venue ? <CopySection title="Venue" text={event.venue} /> : null}
      {event.host_hotel ? <CopySection title="Host Hotel" text={event.host_hotel} /> : null}
      {event.entry_fees || event.spectator || event.cash_prizes || event.awards ? (
        <Section title="Fees">
          <dl className="event-classes">
            {event.entry_fees ? <InfoRow label="Entry">{event.entry_fees}</InfoRow> : null}
            {event.spectator ? <InfoRow label="Spectator">{event.spectator}</InfoRow> : null}
            {event.cash_prizes ? <InfoRow label="Cash prizes">{event.cash_prizes}</InfoRow> : null}
            {event.awards ? <InfoRow label="Awards">{event.awards}</InfoRow> : null}
          </dl>
        </Section>
      ) : null}
      {event.benefiting ? (
        <Section title="Benefiting">
          <p>{event.benefiting}</p>
        </Section>
      ) : null}
      {event.contacts.length ? (
        <Section title="Contacts">
          <ul className="event-contacts">
            {event.contacts.map((line, i) => {
              const phone = phoneHref(line);
              return (
                <li key={i}>
                  <span>{line}</span>
                  {phone ? (
                    <span className="event-contact-links">
                      <a className="button secondary small" href={`tel:${phone}`} aria-label={`Call ${line}`}>
                        Call
                      </a>
                      <a className="button secondary small" href={`sms:${phone}`} aria-label={`Text ${line}`}>
                        Text
                      </a>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}
      {links.length ? (
        <p className="event-links">
          {links.map(([label, url]) => (
            <a key={label} className="button secondary" href={url} target="_blank" rel="noopener noreferrer">
              {label}
            </a>
          ))}
        </p>
      ) : null}
    </Dialog>
  );
}
