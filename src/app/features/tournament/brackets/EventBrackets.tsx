import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { tournamentsQuery } from '../common/tournament-api.ts';

/**
 * The brackets of an event's tournaments, when it has any (the tournament list names each one's event): the events
 * route adds it to the event's details.
 */
export function EventBrackets({ eventId }: { eventId: number }) {
  const tournaments = useQuery(tournamentsQuery()).data?.filter((t) => t.event_id === eventId) ?? [];
  if (tournaments.length === 0) return null;
  return (
    <p className="event-links">
      {tournaments.map((t) => (
        <Link key={t.id} className="button" to="/brackets" search={{ tournament: t.id }}>
          {tournaments.length > 1 ? `Brackets: ${t.name}` : 'Brackets'}
        </Link>
      ))}
    </p>
  );
}
