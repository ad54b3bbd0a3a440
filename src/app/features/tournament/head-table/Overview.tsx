import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { TableOverview } from '../../../../shared/tournament-contract/table.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { tableOverviewQuery } from './head-table-api.ts';

/**
 * A device's contacts are not changes of the tournament (the live stream says nothing of them): the overview is
 * also read again this often, so 'last contact' keeps true while nothing is recorded.
 */
const CONTACT_REFRESH_MS = 15_000;

/** '2 min ago', plain: how long since a table's device was last heard from. */
export function sinceText(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 1)) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h ago` : `${Math.floor(hours / 24)} d ago`;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The overview at the top of a running tournament: every table with the match it pulls now, how many wait in
 * its queue, when its device was last heard from and how many results that device still holds; then the
 * categories not at a table yet. Read again on every change of the tournament (HeadTable follows it live).
 */
export function Overview({ tournament }: { tournament: Tournament }) {
  const headingId = useId();
  const { data, isError, dataUpdatedAt } = useQuery({
    ...tableOverviewQuery(tournament.id),
    refetchInterval: CONTACT_REFRESH_MS,
  });
  return (
    <section className="head-table-overview" aria-labelledby={headingId}>
      <h2 id={headingId}>Overview</h2>
      {!data ? (
        <p className="muted" role={isError ? 'alert' : 'status'}>
          {isError ? 'The overview could not load.' : 'Loading the overview…'}
        </p>
      ) : (
        <OverviewBody tournament={tournament} overview={data} now={dataUpdatedAt} />
      )}
    </section>
  );
}

/** `now`: when the overview was read (ages are as of then; it is read again every CONTACT_REFRESH_MS). */
function OverviewBody({ tournament, overview, now }: { tournament: Tournament; overview: TableOverview; now: number }) {
  const name = (id: number) => tournament.categories.find((c) => c.id === id)?.name ?? `Category ${id}`;
  const current = (id: number | null) => {
    for (const c of tournament.categories) {
      const m = id === null ? undefined : c.matches.find((x) => x.id === id);
      if (m) return `${m.a ?? '?'} v ${m.b ?? '?'} · ${c.name}`;
    }
    return 'Nothing ready to pull';
  };
  return (
    <>
      {overview.tables.length ? (
        <ul className="overview-tables" aria-label="Tables">
          {overview.tables.map((t) => (
            <li key={t.table} className="overview-table">
              <h3>Table {t.table}</h3>
              <p>
                <span className="muted">Now pulling: </span>
                {current(t.current)}
              </p>
              <p className="muted">
                {t.queue} {t.queue === 1 ? 'match' : 'matches'} in the queue ·{' '}
                {t.last_contact ? `device heard from ${sinceText(t.last_contact, now)}` : 'no device yet'}
                {t.links === 0 ? ' · no link' : ''}
              </p>
              {t.waiting > 0 ? (
                <p className="overview-waiting">
                  {t.waiting} {t.waiting === 1 ? 'result' : 'results'} waiting on the device
                  {t.waiting_since ? ` since ${clock(t.waiting_since)}` : ''}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No table in use yet.</p>
      )}
      {overview.unassigned.length ? (
        <p>
          <span className="muted">Not at a table: </span>
          {overview.unassigned.map(name).join(', ')}
        </p>
      ) : null}
    </>
  );
}
