import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { QUEUE_LABELS } from '../../../../shared/tournament/index.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import { useFirstContentWhen } from '../../../lib/first-content.ts';
import { OfflineNotice } from '../../../pwa/OfflineNotice.tsx';
import { useOnline } from '../../../pwa/connectivity.ts';
import { useLiveTournament, type LiveState } from '../common/live-tournament.ts';
import { tournamentQuery } from '../common/tournament-api.ts';
import { TV_QUEUE_PLACES, tvCategories, tvTables, type TvMatch } from './tv-board.ts';
import { useWakeLock } from './wake-lock.ts';
import './tv.css';

/** How long each running category's bracket stays on the TV before the next one's. */
export const ROTATE_MS = 15_000;

/**
 * How the TV draws one category's bracket: given by the route (routes/tv.tsx), which composes the screens of the
 * tournament; a screen does not import another.
 */
export type TvBracket = ComponentType<{ category: TournamentCategory; tournament: Tournament }>;

/**
 * `#/tv?tournament={id}`: the hall's TV, a laptop plugged into a screen that nobody touches. Every table's 'Now
 * pulling' and 'On deck' in type read from across the hall, and the running categories' brackets in turn. No
 * controls: the app's top bar, status line and footer are hidden while it shows (tv.css). It follows the live
 * stream; when the connection drops it says how old its data is (the shell's own offline line), and it is back
 * on its own when the connection is.
 */
export function TvScreen({ tournamentId, Bracket }: { tournamentId: number | undefined; Bracket: TvBracket }) {
  useWakeLock();
  return (
    <div className="tv-screen">
      {tournamentId === undefined ? <NoTournament /> : <TvTournament id={tournamentId} Bracket={Bracket} />}
    </div>
  );
}

function NoTournament() {
  useFirstContentWhen(true);
  return (
    <>
      <h1>Hall screen</h1>
      <p className="tv-message">
        This screen shows one tournament: open it from the head table, or pick the tournament on the{' '}
        <Link to="/brackets">brackets page</Link> and add its number to the address (#/tv?tournament=…).
      </p>
    </>
  );
}

function TvTournament({ id, Bracket }: { id: number; Bracket: TvBracket }) {
  const { data, isPending, isError } = useQuery(tournamentQuery(id));
  const live = useLiveTournament(id);
  useFirstContentWhen(!isPending);
  if (isPending) {
    return (
      <p className="tv-message" role="status">
        Loading the tournament…
      </p>
    );
  }
  if (isError && !data) {
    return (
      <p className="tv-message" role="alert">
        This tournament could not load. The screen tries again when the connection is back.
      </p>
    );
  }
  return (
    <>
      <header className="tv-head">
        <h1>{data.name}</h1>
        <Connection live={live} />
      </header>
      <Tables tournament={data} />
      <Brackets tournament={data} Bracket={Bracket} />
    </>
  );
}

/** 'Live' while the stream is open; the data's age while the server is out of reach; 'Reconnecting…' between. */
function Connection({ live }: { live: LiveState }) {
  const online = useOnline();
  if (!online) return <OfflineNotice />;
  if (live === 'off') return null;
  return (
    <p className={`tv-live tv-live-${live}`} role="status">
      {live === 'live' ? 'Live' : 'Reconnecting…'}
    </p>
  );
}

function Tables({ tournament }: { tournament: Tournament }) {
  const tables = useMemo(() => tvTables(tournament), [tournament]);
  const captionId = useId();
  if (tables.length === 0) return <p className="tv-message">No category is at a table yet.</p>;
  const places = QUEUE_LABELS.slice(0, TV_QUEUE_PLACES);
  return (
    <table className="tv-tables" aria-labelledby={captionId}>
      <caption id={captionId} className="visually-hidden">
        The tables
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Table</span>
          </th>
          {places.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {tables.map((t) => (
          <tr key={t.number}>
            <th scope="row">Table {t.number}</th>
            {places.map((label, i) => (
              <td key={label}>
                {t.queue[i] ? (
                  <Place match={t.queue[i]} />
                ) : (
                  <span className="tv-idle">{i > 0 ? '—' : t.done ? 'All pulled' : 'Nothing ready to pull'}</span>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Place({ match }: { match: TvMatch }) {
  return (
    <>
      <span className="tv-athletes">
        <span>{match.a}</span> <span className="tv-vs">vs</span> <span>{match.b}</span>
      </span>
      <span className="tv-category">{match.category}</span>
    </>
  );
}

/** The running categories' brackets, one at a time, each for ROTATE_MS. */
function Brackets({ tournament, Bracket }: { tournament: Tournament; Bracket: TvBracket }) {
  const categories = useMemo(() => tvCategories(tournament), [tournament]);
  const shown = useRotation(categories);
  if (!shown) return null;
  return (
    <section className="tv-bracket" aria-label="Bracket">
      <Bracket key={shown.id} category={shown} tournament={tournament} />
      {categories.length > 1 ? (
        <p className="tv-turn">
          {categories.indexOf(shown) + 1} of {categories.length}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The category shown now: the next one every ROTATE_MS, by id, so a category finishing or a new draw does not
 * skip or repeat one. The timer is not restarted by a new read: in a busy hall results come more often than
 * every ROTATE_MS, and the brackets must still turn.
 */
function useRotation(categories: TournamentCategory[]): TournamentCategory | undefined {
  const [shownId, setShownId] = useState<number>();
  const ids = useRef<number[]>([]);
  useEffect(() => {
    ids.current = categories.map((c) => c.id);
  });
  const turns = categories.length > 1;
  useEffect(() => {
    if (!turns) return;
    const timer = setInterval(() => {
      setShownId((id) => {
        const list = ids.current;
        return list[(list.indexOf(id ?? list[0]!) + 1) % list.length];
      });
    }, ROTATE_MS);
    return () => clearInterval(timer);
  }, [turns]);
  return categories.find((c) => c.id === shownId) ?? categories[0];
}
