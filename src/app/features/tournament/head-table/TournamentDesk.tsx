import { PrintDrawSheetLink } from '../common/PrintDrawSheetLink.tsx';
import { tvLink } from '../common/tv-link.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { CATEGORY_STATUS_LABELS } from '../../../../shared/tournament-contract/status.ts';
import { formatDay } from '../../../lib/labels.ts';
import { SelectField } from '../../../ui/Field.tsx';
import { useLiveTournament } from '../common/live-tournament.ts';
import { tournamentQuery } from '../common/tournament-api.ts';
import { AddCategory } from './AddCategory.tsx';
import { CategoryDesk } from './CategoryDesk.tsx';
import { Conflicts } from './Conflicts.tsx';
import { headTableKeys } from './head-table-api.ts';
import { Overview } from './Overview.tsx';
import { Tables } from './Tables.tsx';

export interface TournamentDeskProps {
  id: number;
  /** The category at hand (the address's), if it is one of the tournament's. */
  categoryId: number | undefined;
  names: readonly string[];
  onCategory: (id: number | undefined) => void;
}

/**
 * A tournament at the head table, laid out for the laptop on the table: the header (its name, day, place and
 * links); beside each other, what must stay in view (the conflicts, the overview of the tables while a category
 * runs, the tables and their links: a pane that stays put while the page scrolls, head-table.css) and the work
 * (the categories, one chosen, a new one added, and the category at hand). On a phone they stack. It follows the
 * tournament live, and each new read of it reads the head table's own (the overview, the conflicts) again.
 */
export function TournamentDesk({ id, categoryId, names, onCategory }: TournamentDeskProps) {
  const client = useQueryClient();
  const titleId = useId();
  const { data, isPending, dataUpdatedAt } = useQuery(tournamentQuery(id));
  useLiveTournament(id);
  useEffect(() => {
    if (dataUpdatedAt) void client.invalidateQueries({ queryKey: headTableKeys.tournament(id) });
  }, [client, id, dataUpdatedAt]);
  if (!data) {
    return (
      <section className="screen head-table-screen" aria-labelledby={titleId}>
        <AllTournaments />
        <h1 id={titleId}>Head table</h1>
        <p className="muted" role={isPending ? 'status' : 'alert'}>
          {isPending ? 'Loading the tournament…' : 'The tournament could not load. Check the connection and try again.'}
        </p>
      </section>
    );
  }
  const category = data.categories.find((c) => c.id === categoryId);
  const running = data.categories.some((c) => c.status === 'running');
  const hasCategories = data.categories.length > 0;
  return (
    <section className="screen head-table-screen" aria-labelledby={titleId}>
      <header className="head-table-header">
        <div>
          <AllTournaments />
          <h1 id={titleId}>{data.name}</h1>
          <p className="muted">
            {formatDay(data.date)}
            {data.location ? ` · ${data.location}` : ''}
          </p>
        </div>
        {/* The tournament's other screens; room for more of them beside the public brackets. */}
        <nav className="head-table-links-bar" aria-label="This tournament">
          <Link to="/brackets" search={{ tournament: id }} className="button secondary small">
            Public brackets
          </Link>
          <PrintDrawSheetLink tournamentId={id} className="button secondary small" />
          {/* A new tab: the head table stays where it is while the TV's laptop opens the screen (or its address). */}
          <Link {...tvLink(id)} target="_blank" className="button secondary small">
            Hall screen
          </Link>
        </nav>
      </header>
      <div className={hasCategories ? 'head-table-layout' : undefined}>
        {hasCategories ? (
          <div className="head-table-status">
            <Conflicts tournament={data} />
            {running ? <Overview tournament={data} /> : null}
            <Tables tournament={data} />
          </div>
        ) : null}
        <div className="head-table-work">
          <div className="head-table-categories">
            {hasCategories ? (
              <SelectField
                label="Category"
                value={category ? String(category.id) : ''}
                onValue={(v) => onCategory(v ? Number(v) : undefined)}
                options={[
                  ['', 'Choose a category'],
                  ...data.categories.map(
                    (c) => [String(c.id), `${c.name} · ${CATEGORY_STATUS_LABELS[c.status]}`] as const,
                  ),
                ]}
              />
            ) : (
              <p className="muted">No categories yet.</p>
            )}
            <AddCategory tournament={data} onAdded={onCategory} />
          </div>
          {category ? <CategoryDesk key={category.id} tournament={data} category={category} names={names} /> : null}
        </div>
      </div>
    </section>
  );
}

function AllTournaments() {
  return (
    <Link to="/head-table" className="head-table-back">
      All tournaments
    </Link>
  );
}
