import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { findEvent, splitEvents } from '../../shared/event-rules.ts';
import { localToday } from '../../shared/field-rules.ts';
import { useRole } from '../auth/use-role.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { useFirstContentWhen } from '../lib/first-content.ts';
import { clearPendingEvent } from '../lib/pending-event.ts';
import { useUnderConstruction } from '../lib/under-construction.ts';
import { AddEventPanel } from '../features/events/AddEventPanel.tsx';
import { EventCard, SkeletonCard } from '../features/events/EventCard.tsx';
import { EventDetails } from '../features/events/EventDetails.tsx';
import { adminEventsQuery, useEvents } from '../features/events/events-api.ts';
import {
  EMPTY_TEXT,
  EMPTY_TITLE,
  EVENTS_NOTICE,
  EVENTS_TITLE,
  SKELETON_CARDS,
  UNDER_CONSTRUCTION,
} from '../features/events/event-texts.ts';
import { PastEvents } from '../features/events/PastEvents.tsx';
import { EventBrackets } from '../features/tournament/brackets/EventBrackets.tsx';

/** The first row of cards on a wide screen (two fill a phone's): their pictures load at once. */
const EAGER_CARDS = 4;

/** The events page: upcoming and past events, the details popup by ?id= or ?event=, and Add Event. */
export function EventsScreen() {
  const query = useEvents();
  // The cards are drawn in a render of their own after the answer came (a transition, which React renders in
  // slices of a few milliseconds): the answer re-renders the screen synchronously (React Query reads it through
  // useSyncExternalStore), with every card in that one task. The skeleton stands until they are drawn.
  const data = useDeferredValue(query.data);
  const isPending = query.isPending || (!!query.data && !data);
  // The cards (or the empty state) are what a visitor came for: the outbox and the worker wait for them.
  useFirstContentWhen(!isPending);
  const user = useSessionUser();
  const role = useRole();
  const admin = role === 'admin' || role === 'dev';
  // Drafts are for admins only: their page also asks with the token.
  const adminList = useQuery({ ...adminEventsQuery(user?.sub ?? ''), enabled: admin && !!data && !data.fallback });
  const underConstruction = useUnderConstruction();
  const search = useSearch({ from: '/events' });
  const navigate = useNavigate({ from: '/events' });
  const { history } = useRouter();
  const openedFromList = useLocation({ select: (l) => l.state.eventFromList === true });

  const events = useMemo(
    () => (admin && adminList.data?.length ? adminList.data : (data?.events ?? [])),
    [admin, adminList.data, data],
  );
  const today = localToday();
  const { upcoming, past } = useMemo(() => splitEvents(events, today), [events, today]);
  const selected = findEvent(events, { id: search.id, name: search.event });

  const [creating, setCreating] = useState(false);
  const titleId = useId();
  const canEdit = admin && !data?.fallback;

  // Closing removes ?id= / ?event=. Opened from a card, that is going back (so Back never reopens
  // it); opened by a link, the entry is replaced.
  const close = () => {
    clearPendingEvent();
    if (openedFromList) history.back();
    else void navigate({ search: {}, replace: true, resetScroll: false });
  };

  return (
    <section className="screen events" aria-labelledby={titleId}>
      {underConstruction || data?.fallback ? (
        <p className="banner warning" role="status">
          {UNDER_CONSTRUCTION}
        </p>
      ) : null}
      <div className="events-heading">
        <h1 id={titleId}>{EVENTS_TITLE}</h1>
        {canEdit ? (
          <button
            type="button"
            className="button add-event-button"
            aria-label="New event"
            onClick={() => setCreating(true)}
          >
            +
          </button>
        ) : null}
      </div>
      <p className="notice-bar">{EVENTS_NOTICE}</p>
      {isPending ? (
        <>
          <p className="visually-hidden" role="status">
            Loading events…
          </p>
          <ul className="event-grid skeleton-pulse" aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </ul>
        </>
      ) : upcoming.length ? (
        <ul className="event-grid" aria-label={EVENTS_TITLE}>
          {upcoming.map((e, i) => (
            <EventCard key={e.id} event={e} today={today} eager={i < EAGER_CARDS} />
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <h2>{EMPTY_TITLE}</h2>
          <p className="muted">{EMPTY_TEXT}</p>
        </div>
      )}
      {past.length ? <PastEvents events={past} today={today} /> : null}
      <AddEventPanel />
      {selected && !creating ? (
        <EventDetails
          key={selected.id}
          event={selected}
          onClose={close}
          admin={canEdit}
          related={<EventBrackets eventId={selected.id} />}
          // Opened from a supermatch card (event={name}&from=supermatch): offer the way back.
          onBack={
            search.from === 'supermatch'
              ? () => void navigate({ to: '/supermatches', search: { event: selected.name } })
              : undefined
          }
        />
      ) : null}
      {creating ? (
        <EventDetails
          event={null}
          onClose={() => setCreating(false)}
          onCreated={(saved) => {
            setCreating(false);
            void navigate({ search: { id: saved.id }, resetScroll: false });
          }}
        />
      ) : null}
    </section>
  );
}

export const Route = createLazyRoute('/events')({ component: EventsScreen });
