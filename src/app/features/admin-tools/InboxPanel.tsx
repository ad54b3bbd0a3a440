import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { ClubInboxItem, InboxItem, InboxKind } from '../../../shared/inbox.ts';
import { useSessionUser } from '../../auth/use-session.ts';
import { saveFailure } from '../../lib/save-errors.ts';
import { Chips } from '../../ui/Chips.tsx';
import { CollapsiblePanel } from '../../ui/CollapsiblePanel.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { createClub, sameItem, useInbox, useMarkHandled } from './admin-tools-api.ts';
import './admin-tools.css';

/** What a new event starts from when an admin creates it from a submission (the editor keeps it a draft). */
export interface EventPrefill {
  name: string;
  location: string;
  date: string;
  about: string | null;
  link: string | null;
}

export const MARK_FAILED = 'Failed to update status. Please try again.';

type Filter = 'all' | InboxKind;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'event', label: 'Event submissions' },
  { value: 'club', label: 'Club submissions' },
  { value: 'feedback', label: 'Feedback' },
];
const KIND_LABEL: Record<InboxKind, string> = { event: 'Event', club: 'Club', feedback: 'Feedback' };

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** A visitor's link, as a link only when it is http(s); anything else stays text. */
function MaybeLink({ href }: { href: string }) {
  return /^https?:\/\//i.test(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {href}
    </a>
  ) : (
    <>{href}</>
  );
}

/** A club submission's optional fields, the ones it has. */
function clubRows(c: ClubInboxItem): [string, ReactNode][] {
  const rows: [string, ReactNode | null][] = [
    ['City', c.city],
    ['Region', c.region],
    ['Leaders', c.leaders],
    ['Training', c.training],
    ['Founded', c.founded],
    ['Out of state', c.out_of_state === null ? null : c.out_of_state ? 'Yes' : 'No'],
    ['Members', c.members_count],
    ['Avg practice size', c.avg_practice_size],
    ['Image', c.image_url ? <MaybeLink href={c.image_url} /> : null],
    ['Website / contact', c.website ? <MaybeLink href={c.website} /> : null],
    ['Description', c.desc],
    ['Notes', c.notes],
  ];
  return rows.filter((r): r is [string, ReactNode] => r[1] !== null && r[1] !== '');
}

function titleOf(item: InboxItem): string {
  if (item.kind === 'feedback') return `Feedback from ${item.submitter}`;
  return item.name;
}

function InboxEntry({
  item,
  busy,
  onHandled,
  onCreateEvent,
  onCreateClub,
}: {
  item: InboxItem;
  busy: boolean;
  onHandled: (handled: boolean) => void;
  onCreateEvent: (prefill: EventPrefill) => void;
  onCreateClub: (item: ClubInboxItem) => void;
}) {
  const uid = useId();
  const [showIp, setShowIp] = useState(false);
  const handled = item.handled_at !== null;
  const rows: [string, ReactNode][] =
    item.kind === 'event'
      ? [
          ['Location', item.location],
          ['Date', item.date],
          ...(item.details ? [['Details', item.details] as [string, ReactNode]] : []),
          ...(item.link ? [['Link', <MaybeLink key="link" href={item.link} />] as [string, ReactNode]] : []),
        ]
      : item.kind === 'club'
        ? clubRows(item)
        : [];

  return (
    <li className={`inbox-item${handled ? ' inbox-item-handled' : ''}`} aria-labelledby={`${uid}-title`}>
      <div className="inbox-item-head">
        <span className={`inbox-kind inbox-kind-${item.kind}`}>{KIND_LABEL[item.kind]}</span>
        <h3 id={`${uid}-title`} className="inbox-title">
          {titleOf(item)}
        </h3>
        <time className="inbox-time" dateTime={item.created_at}>
          {when(item.created_at)}
        </time>
      </div>
      {item.kind === 'feedback' ? <p className="inbox-text">{item.text}</p> : null}
      {rows.length ? (
        <dl className="inbox-fields">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="inbox-meta">
        {item.kind === 'feedback' ? null : <>From {item.submitter} · </>}
        IP {showIp ? item.submitter_ip || 'unknown' : 'hidden'}{' '}
        <button
          type="button"
          className="inbox-reveal"
          aria-describedby={`${uid}-title`}
          onClick={() => setShowIp(!showIp)}
        >
          {showIp ? 'Hide' : 'Reveal'}
        </button>
        {handled ? (
          <>
            {' · '}Handled {item.handled_by ? `by ${item.handled_by} ` : ''}
            {when(item.handled_at!)}
          </>
        ) : null}
      </p>
      <div className="inbox-actions">
        {item.kind === 'event' ? (
          <button
            type="button"
            className="button secondary small"
            aria-describedby={`${uid}-title`}
            onClick={() =>
              onCreateEvent({
                name: item.name,
                location: item.location,
                date: item.date,
                about: item.details,
                link: item.link,
              })
            }
          >
            Create event
          </button>
        ) : null}
        {item.kind === 'club' ? (
          <button
            type="button"
            className="button secondary small"
            aria-describedby={`${uid}-title`}
            onClick={() => onCreateClub(item)}
          >
            Create club
          </button>
        ) : null}
        <button
          type="button"
          className="button small"
          disabled={busy}
          aria-describedby={`${uid}-title`}
          onClick={() => onHandled(!handled)}
        >
          {handled ? 'Reopen' : 'Mark handled'}
        </button>
      </div>
    </li>
  );
}

/**
 * The inbox: visitors' event and club submissions and their feedback, newest
 * first, filtered by kind. Handled items are hidden unless 'Show handled' is
 * on; an event submission can become a new (draft) event through
 * `onCreateEvent`, which the admin route answers with the events editor.
 */
export function InboxPanel({ onCreateEvent }: { onCreateEvent: (prefill: EventPrefill) => void }) {
  const user = useSessionUser();
  return user ? <Inbox sub={user.sub} onCreateEvent={onCreateEvent} /> : null;
}

function Inbox({ sub, onCreateEvent }: { sub: string; onCreateEvent: (prefill: EventPrefill) => void }) {
  const toast = useToast();
  const [filter, setFilter] = useState<Filter>('all');
  const [showHandled, setShowHandled] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const inbox = useInbox(sub);
  const mark = useMarkHandled(sub, () => toast.show(MARK_FAILED, { tone: 'error' }));
  // A club submission becomes a club (after a confirmation); the submission is then marked handled.
  const [newClub, setNewClub] = useState<ClubInboxItem | null>(null);
  const create = useMutation({
    mutationFn: createClub,
    onSuccess: ({ club }, item) => {
      setNewClub(null);
      toast.show(`Created the club “${club.name}”.`, { tone: 'success' });
      mark.mutate({ item, handled: true });
    },
  });
  const createError = saveFailure(create.error);

  const items = inbox.data ?? [];
  const shown = items.filter((i) => showHandled || i.handled_at === null);
  const countOf = (f: Filter) => shown.filter((i) => f === 'all' || i.kind === f).length;
  const visible = shown.filter((i) => filter === 'all' || i.kind === filter);
  const openCount = items.filter((i) => i.handled_at === null).length;

  return (
    <CollapsiblePanel
      title="Inbox"
      className="admin-panel"
      badge={inbox.data ? { text: `${openCount} open`, className: 'status-badge status-pending' } : null}
    >
      <div className="inbox-controls">
        <Chips
          label="Kind of submission"
          options={FILTERS.map(({ value, label }) => ({ value, text: `${label} (${countOf(value)})` }))}
          pressed={(value) => value === filter}
          onChoose={setFilter}
        />
        <label className="check">
          <input type="checkbox" checked={showHandled} onChange={(e) => setShowHandled(e.target.checked)} />
          Show handled
        </label>
      </div>

      <div ref={listRef} tabIndex={-1} role="group" aria-label="Inbox items" className="inbox-list-region">
        {inbox.isPending ? (
          <p role="status" className="inbox-empty">
            Loading the inbox…
          </p>
        ) : inbox.isError && !inbox.data ? (
          <p role="alert" className="field-error inbox-empty">
            The inbox could not be loaded.{' '}
            <button type="button" className="button small" onClick={() => void inbox.refetch()}>
              Try again
            </button>
          </p>
        ) : visible.length === 0 ? (
          <p className="inbox-empty">{showHandled ? 'Nothing here yet.' : 'Nothing left to handle.'}</p>
        ) : (
          <ul className="inbox-list">
            {visible.map((item) => (
              <InboxEntry
                key={`${item.kind}-${item.id}`}
                item={item}
                busy={mark.isPending && !!mark.variables && sameItem(mark.variables.item, item)}
                onCreateEvent={onCreateEvent}
                onCreateClub={(club) => {
                  create.reset();
                  setNewClub(club);
                }}
                onHandled={(handled) => {
                  // A handled item leaves the list (unless handled ones are shown): keep focus in the list.
                  if (handled && !showHandled) listRef.current?.focus();
                  mark.mutate({ item, handled });
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {newClub ? (
        <ConfirmDialog
          title="Create club"
          action="Create club"
          busy={create.isPending && 'Creating…'}
          onConfirm={() => create.mutate(newClub)}
          onCancel={() => setNewClub(null)}
        >
          <p>
            “{newClub.name}” in {newClub.city}, {newClub.region} joins the clubs page with the details this submission
            gives. Its members come from the club sheet.
          </p>
          {createError ? (
            <p className="field-error" role="alert">
              Not created: {createError}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </CollapsiblePanel>
  );
}
