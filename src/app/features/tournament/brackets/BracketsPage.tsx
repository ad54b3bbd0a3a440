import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useFirstContentWhen } from '../../../lib/first-content.ts';
import { tournamentsQuery } from '../common/tournament-api.ts';
import { formatDay } from '../../../lib/labels.ts';
import { TournamentView } from './TournamentView.tsx';
import './brackets.css';

export interface BracketsPageProps {
  tournamentId: number | undefined;
  categoryId: number | undefined;
  athlete: string | undefined;
  onAthlete: (name: string) => void;
}

/** `#/brackets`: the tournaments, newest first; with ?tournament= one of them (TournamentView). */
export function BracketsPage(props: BracketsPageProps) {
  return props.tournamentId === undefined ? <TournamentList /> : <TournamentView {...props} id={props.tournamentId} />;
}

function TournamentList() {
  const { data, isPending, isError } = useQuery(tournamentsQuery());
  useFirstContentWhen(!isPending);
  const titleId = useId();
  return (
    <section className="screen brackets" aria-labelledby={titleId}>
      <h1 id={titleId}>Brackets</h1>
      {isPending ? (
        <p className="muted brackets-loading" role="status">
          Loading tournaments…
        </p>
      ) : isError && !data ? (
        <p className="muted" role="alert">
          The tournaments could not load. Check the connection and try again.
        </p>
      ) : data.length === 0 ? (
        <p className="muted">No tournaments yet.</p>
      ) : (
        <ul className="tournament-list" aria-label="Tournaments">
          {data.map((t) => (
            <li key={t.id}>
              <Link to="/brackets" search={{ tournament: t.id }} className="tournament-link">
                <span className="tournament-name">{t.name}</span>
                <span className="muted">
                  {formatDay(t.date)}
                  {t.location ? ` · ${t.location}` : ''} · {t.categories}{' '}
                  {t.categories === 1 ? 'category' : 'categories'} · {t.athletes}{' '}
                  {t.athletes === 1 ? 'athlete' : 'athletes'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
