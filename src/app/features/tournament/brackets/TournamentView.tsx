import { HeadTableLink } from '../common/HeadTableLink.tsx';
import { PrintDrawSheetLink } from '../common/PrintDrawSheetLink.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { CATEGORY_STATUS_LABELS } from '../../../../shared/tournament-contract/status.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { useFirstContentWhen } from '../../../lib/first-content.ts';
import { useLiveTournament } from '../common/live-tournament.ts';
import { tournamentQuery } from '../common/tournament-api.ts';
import { AthleteSelect } from '../../../ui/AthleteSelect.tsx';
import { CategoryView, type BracketView } from './CategoryView.tsx';
import { formatDay } from '../../../lib/labels.ts';
import { findAthlete, tournamentNames } from './bracket-view.ts';
import { OnDeckNotice } from './OnDeckNotice.tsx';

/**
 * One tournament: its categories and their state, 'Find an athlete', the category chosen, the club standings.
 * It follows the tournament live: each result recorded anywhere shows here within seconds, without a reload.
 */
export function TournamentView({
  id,
  categoryId,
  athlete,
  onAthlete,
}: {
  id: number;
  categoryId: number | undefined;
  athlete: string | undefined;
  onAthlete: (name: string) => void;
}) {
  const { data, isPending, isError } = useQuery(tournamentQuery(id));
  useLiveTournament(id);
  useFirstContentWhen(!isPending);
  const titleId = useId();
  const category = data?.categories.find((c) => c.id === categoryId);
  // The tree, or the list of rounds: kept from category to category (a screen reader's user chooses once).
  const [view, setView] = useState<BracketView>('tree');
  return (
    <section className="screen brackets" aria-labelledby={titleId}>
      <p className="bracket-back">
        <Link to="/brackets" search={{}}>
          All tournaments
        </Link>
      </p>
      {isPending ? (
        <>
          <h1 id={titleId}>Brackets</h1>
          <p className="muted brackets-loading" role="status">
            Loading the tournament…
          </p>
        </>
      ) : isError && !data ? (
        <>
          <h1 id={titleId}>Brackets</h1>
          <p className="muted" role="alert">
            This tournament could not load. Check the connection and try again.
          </p>
        </>
      ) : (
        <>
          <h1 id={titleId}>{data.name}</h1>
          <p className="muted tournament-meta">
            {data.event_name} · {formatDay(data.date)}
            {data.location ? ` · ${data.location}` : ''}
          </p>
          <p className="tournament-actions">
            <PrintDrawSheetLink tournamentId={data.id} className="button secondary small" />
            <HeadTableLink tournamentId={data.id} className="button secondary small" />
          </p>
          <Categories tournament={data} selected={category?.id} />
          <FindAthlete tournament={data} initial={athlete ?? ''} onAthlete={onAthlete} />
          {category ? (
            <CategoryView
              key={category.id}
              category={category}
              tournament={data}
              athlete={athlete}
              view={view}
              onView={setView}
            />
          ) : null}
          <Standings standings={data.standings} />
        </>
      )}
    </section>
  );
}

function Categories({ tournament, selected }: { tournament: Tournament; selected: number | undefined }) {
  const headingId = useId();
  if (tournament.categories.length === 0) return <p className="muted">No categories yet.</p>;
  return (
    <nav className="tournament-categories" aria-labelledby={headingId}>
      <h2 id={headingId}>Categories</h2>
      <ul>
        {tournament.categories.map((c) => (
          <li key={c.id}>
            <Link
              to="/brackets"
              search={{ tournament: tournament.id, category: c.id }}
              resetScroll={false}
              aria-current={c.id === selected ? 'page' : undefined}
              className="category-link"
            >
              <span>{c.name}</span>{' '}
              <span className={`category-status status-${c.status}`}>{CATEGORY_STATUS_LABELS[c.status]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 'Find an athlete': a name from the tournament's entries, and for each category they are in, what is next. */
function FindAthlete({
  tournament,
  initial,
  onAthlete,
}: {
  tournament: Tournament;
  initial: string;
  onAthlete: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const names = useMemo(() => tournamentNames(tournament), [tournament]);
  const finds = useMemo(() => findAthlete(tournament, name), [tournament, name]);
  const headingId = useId();
  return (
    <section className="find-athlete" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Find an athlete
      </h2>
      <AthleteSelect
        label="Find an athlete"
        value={name}
        names={names}
        onValue={(value) => {
          setName(value);
          onAthlete(value);
        }}
        placeholder="Type a name"
      />
      {finds.length ? (
        <>
          <ul className="athlete-finds" aria-label={`${name.trim()} in this tournament`}>
            {finds.map(({ category, text }) => (
              <li key={category.id}>
                <Link
                  to="/brackets"
                  search={{ tournament: tournament.id, category: category.id, athlete: name.trim() }}
                  resetScroll={false}
                >
                  {category.name}
                </Link>
                : <strong>{text}</strong>
              </li>
            ))}
          </ul>
          <OnDeckNotice name={name.trim()} finds={finds} />
        </>
      ) : name.trim() && !names.some((n) => n.toLocaleLowerCase().startsWith(name.trim().toLocaleLowerCase())) ? (
        <p className="muted" role="status">
          Nobody of that name in this tournament.
        </p>
      ) : null}
    </section>
  );
}

function Standings({ standings }: { standings: Tournament['standings'] }) {
  const headingId = useId();
  if (standings.length === 0) return null;
  return (
    <section className="club-standings" aria-labelledby={headingId}>
      <h2 id={headingId}>Club standings</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Club</th>
            <th scope="col">Points</th>
            <th scope="col">Gold</th>
            <th scope="col">Silver</th>
            <th scope="col">Bronze</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.club}>
              <th scope="row">{s.club}</th>
              <td>{s.points}</td>
              <td>{s.gold}</td>
              <td>{s.silver}</td>
              <td>{s.bronze}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
