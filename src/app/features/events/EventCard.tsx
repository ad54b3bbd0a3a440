import { Link } from '@tanstack/react-router';
import { eventBadge, eventDateLabel, type EventRecord } from '../../../shared/event-rules.ts';
import { SkeletonCardBody } from '../../ui/SkeletonCard.tsx';

/**
 * A card of the list: picture, badge, name, date label and place; opens the details. `eager`: the card is
 * among the first on screen, so its picture is asked for at once rather than once layout finds it near the
 * viewport (on a first visit it is what paints last).
 */
export function EventCard({ event, today, eager = false }: { event: EventRecord; today: string; eager?: boolean }) {
  const badge = eventBadge(event, today);
  return (
    <li className="event-card-item">
      <Link
        className="event-card"
        to="/events"
        search={{ id: event.id }}
        state={{ eventFromList: true }}
        resetScroll={false}
        data-event-id={event.id}
      >
        <span className="event-card-media">
          {event.image_url ? (
            <img
              src={event.image_url}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              style={{ objectPosition: event.image_position === 'top' ? 'center top' : 'center' }}
            />
          ) : null}
          <span className={`event-badge event-badge-${badge.toLowerCase()}`}>{badge}</span>
        </span>
        <span className="event-card-text">
          <span className="event-card-name">{event.name}</span>
          <span className="event-card-date">{eventDateLabel(event)}</span>
          {event.location ? <span className="event-card-place">{event.location}</span> : null}
        </span>
      </Link>
    </li>
  );
}

export function SkeletonCard() {
  return (
    <li className="event-card-item" aria-hidden="true">
      <span className="event-card skeleton">
        <SkeletonCardBody card="event-card" />
      </span>
    </li>
  );
}
