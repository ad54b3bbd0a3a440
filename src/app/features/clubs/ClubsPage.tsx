import { lazy, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import type { Club } from '../../../shared/clubs.ts';
import type { Role } from '../../../shared/roles.ts';
import { useRole } from '../../auth/use-role.ts';
import { useVerifiedName } from '../../auth/use-verified-name.ts';
import { useFirstContentWhen } from '../../lib/first-content.ts';
import { useGrowingCount } from '../../lib/use-growing-count.ts';
import { useUnderConstruction } from '../../lib/under-construction.ts';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { SkeletonCardBody } from '../../ui/SkeletonCard.tsx';
import { AddClubPanel } from './AddClubPanel.tsx';
import { ClubCard } from './ClubCard.tsx';
import { filterClubs, hasFilters, NO_FILTERS, regionsOf, type ClubFilters } from './club-filters.ts';
import { leadsClub, useLocalEdits, withLocalEdits } from './local-edits.ts';
import type { EditMode } from './ClubModal.tsx';
import { CLEAR_FILTERS, CLUBS_INTRO, CLUBS_TITLE, NO_CLUBS, NO_MATCH_TITLE, UNDER_CONSTRUCTION } from './club-texts.ts';
import { useClubSaved, useClubs } from './clubs-api.ts';
import './clubs.css';

const SKELETONS = 6;
/** Club cards rendered at once (what fills a phone's screen), then more at each idle moment (useGrowingCount). */
const FIRST_CARDS = 4;
const MORE_CARDS = 4;

// A club's modal (with its editor and papaparse for the club sheet) is code of its own, loaded when a club opens.
const ClubModal = lazy(() => import('./ClubModal.tsx').then((m) => ({ default: m.ClubModal })));

function Filters({
  filters,
  regions,
  onChange,
}: {
  filters: ClubFilters;
  regions: string[];
  onChange: (f: ClubFilters) => void;
}) {
  return (
    <form className="club-filters" role="search" aria-label="Filter clubs" onSubmit={(e) => e.preventDefault()}>
      <TextField
        className="club-filter-search"
        label="Search by name or city"
        input={{ type: 'search' }}
        autoComplete="off"
        placeholder="e.g. Iron or Eastport"
        value={filters.query}
        onValue={(query) => onChange({ ...filters, query })}
      />
      <SelectField
        label="Region"
        value={filters.region}
        onValue={(region) => onChange({ ...filters, region })}
        options={[['', 'All regions'], ...regions.map((r) => [r, r] as const)]}
      />
      <label className="check club-filter-check">
        <input
          type="checkbox"
          checked={filters.inStateOnly}
          onChange={(e) => onChange({ ...filters, inStateOnly: e.target.checked })}
        />{' '}
        In-state clubs only
      </label>
    </form>
  );
}

/**
 * Who edits a club and how: a developer on this device only; an admin, or a
 * club leader whose verified name is among the club's leaders, on the server
 * (not while the list is the fallback file's: the server is out of reach).
 */
export function editModeFor(club: Club, role: Role, verifiedName: string | null, fallback: boolean): EditMode {
  if (role === 'dev') return 'local';
  if (fallback) return null;
  if (role === 'admin') return 'server';
  if (role === 'club_leader' && leadsClub(club, verifiedName)) return 'server';
  return null;
}

export const findClub = (clubs: readonly Club[], name: string | undefined) => {
  const wanted = name?.trim().toLowerCase();
  return wanted ? clubs.find((c) => c.name.trim().toLowerCase() === wanted) : undefined;
};

/**
 * The clubs page: the heading, the filters, the grid of club cards (in-state
 * first, then the most members) with this device's local edits laid over it,
 * the Add Club form, and the club named by the address in its modal.
 */
export function ClubsPage({
  clubName,
  onClose,
  onBack,
}: {
  /** ?club=: the club whose modal is open. */
  clubName: string | undefined;
  onClose: () => void;
  /** Opened from the athlete popup: back to it. */
  onBack?: (() => void) | undefined;
}) {
  const query = useClubs();
  // The cards are drawn in a render of their own after the answer came (a transition, in slices of a few
  // milliseconds), as on the supermatches page: the answer re-renders the screen synchronously (React Query reads it
  // through useSyncExternalStore). The skeleton stands until they are drawn.
  const data = useDeferredValue(query.data);
  const isPending = query.isPending || (!!query.data && !data);
  // The club cards are what a visitor came for: the outbox and the worker wait for them.
  useFirstContentWhen(!isPending);
  const role = useRole();
  const verifiedName = useVerifiedName();
  const onSaved = useClubSaved();
  const localEdits = useLocalEdits();
  const underConstruction = useUnderConstruction();
  const [filters, setFilters] = useState<ClubFilters>(NO_FILTERS);
  const titleId = useId();

  const clubs = useMemo(() => withLocalEdits(data?.clubs ?? [], localEdits), [data, localEdits]);
  const regions = useMemo(() => regionsOf(clubs), [clubs]);
  const shown = useMemo(() => filterClubs(clubs, filters), [clubs, filters]);
  const growing = useGrowingCount(JSON.stringify(filters), shown.length, FIRST_CARDS, MORE_CARDS);
  const selected = findClub(clubs, clubName);

  return (
    <section className="screen clubs" aria-labelledby={titleId}>
      {underConstruction || data?.fallback ? (
        <p className="banner warning" role="status">
          {UNDER_CONSTRUCTION}
        </p>
      ) : null}
      <header className="clubs-hero">
        <h1 id={titleId}>{CLUBS_TITLE}</h1>
        <p className="muted">{CLUBS_INTRO}</p>
      </header>
      <Filters filters={filters} regions={regions} onChange={setFilters} />
      {isPending ? (
        <>
          {/* The count's line, kept while loading so the cards do not move down when the count arrives. */}
          <p className="club-count muted" role="status">
            Loading clubs…
          </p>
          <ul className="club-grid skeleton-pulse" aria-hidden="true">
            {Array.from({ length: SKELETONS }, (_, i) => (
              <li key={i} className="club-card skeleton">
                <SkeletonCardBody card="club-card" />
              </li>
            ))}
          </ul>
        </>
      ) : shown.length ? (
        <>
          <p className="club-count muted" role="status">
            {hasFilters(filters)
              ? `${shown.length} of ${clubs.length} clubs`
              : `${clubs.length} ${clubs.length === 1 ? 'club' : 'clubs'}`}
          </p>
          <ul className="club-grid" aria-label="Clubs">
            {shown.slice(0, growing).map((c) => (
              <ClubCard key={c.id} club={c} localEdit={!!localEdits[c.id]} />
            ))}
          </ul>
        </>
      ) : clubs.length ? (
        <div className="empty-state" role="status">
          <h2>{NO_MATCH_TITLE}</h2>
          <button type="button" className="button" onClick={() => setFilters(NO_FILTERS)}>
            {CLEAR_FILTERS}
          </button>
        </div>
      ) : (
        <div className="empty-state">
          <h2>{NO_CLUBS}</h2>
        </div>
      )}
      <AddClubPanel />
      {selected ? (
        <Suspense fallback={null}>
          <ClubModal
            key={selected.id}
            club={selected}
            editMode={editModeFor(selected, role, verifiedName, !!data?.fallback)}
            localEdited={!!localEdits[selected.id]}
            onClose={onClose}
            onBack={onBack}
            onSaved={onSaved}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
