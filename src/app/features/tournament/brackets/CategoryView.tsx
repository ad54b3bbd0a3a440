import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import { placeLabel } from '../../../../shared/tournament/index.ts';
import { methodText } from '../../../../shared/tournament-contract/match-row.ts';
import { CATEGORY_STATUS_LABELS } from '../../../../shared/tournament-contract/status.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { bracketSections, entryNamed, startRound, type BracketItem, type BracketSection } from './bracket-view.ts';
import { BracketTree } from './BracketTree.tsx';
import { KeptClassNote } from '../common/KeptClassNote.tsx';
import { PrintDrawSheetLink } from '../common/PrintDrawSheetLink.tsx';

export type BracketView = 'tree' | 'list';

/**
 * A category: its state and draw, its placings once finished, and its bracket, drawn as a tree or, by the 'List'
 * toggle, listed round by round, the accessible alternative. The page keeps the choice (`view`) while it shows
 * the tournament, from category to category. `athlete`, the name 'Find an athlete' holds, lights their path
 * through the tree.
 */
export function CategoryView({
  category,
  tournament,
  athlete,
  view,
  onView,
}: {
  category: TournamentCategory;
  tournament: Pick<Tournament, 'id' | 'settings' | 'categories'>;
  athlete?: string | undefined;
  view: BracketView;
  onView: (view: BracketView) => void;
}) {
  // The list's rounds only when the list shows: the tree lays the bracket out on its own.
  const sections = useMemo(() => (view === 'list' ? bracketSections(category) : []), [category, view]);
  const drawn = category.matches.length > 0 || category.byes.length > 0;
  const found = entryNamed(category, athlete);
  const highlight = useMemo(() => (found ? [found.id] : []), [found]);
  const headingId = useId();
  return (
    <section className="bracket-category" aria-labelledby={headingId}>
      <h2 id={headingId}>{category.name}</h2>
      <p className="muted">
        {CATEGORY_STATUS_LABELS[category.status]}
        {category.seed !== null
          ? ` · drawn ${category.method === 'rating' ? 'by rating' : 'by lot'} · seed ${category.seed}`
          : ''}
        {drawn ? (
          <>
            {' · '}
            <PrintDrawSheetLink tournamentId={tournament.id} categoryId={category.id} />
          </>
        ) : null}
      </p>
      <KeptClassNote category={category} />
      {category.placings.length ? <Placings category={category} /> : null}
      {!drawn ? (
        <Entries category={category} />
      ) : (
        <>
          <div className="bracket-view-toggle" role="group" aria-label="Show the bracket as">
            <button type="button" aria-pressed={view === 'tree'} onClick={() => onView('tree')}>
              Tree
            </button>
            <button type="button" aria-pressed={view === 'list'} onClick={() => onView('list')}>
              List
            </button>
          </div>
          {view === 'tree' ? (
            <BracketTree
              category={category}
              settings={tournament.settings}
              categories={tournament.categories}
              highlight={highlight}
              controls
            />
          ) : (
            sections.map((s) => <SectionView key={s.key} section={s} />)
          )}
        </>
      )}
    </section>
  );
}

function Placings({ category }: { category: TournamentCategory }) {
  const headingId = useId();
  return (
    <section className="placings" aria-labelledby={headingId}>
      <h3 id={headingId}>Placings</h3>
      <ol>
        {category.placings.map((p) => (
          <li key={p.entry_id} className={p.place <= 3 ? `podium place-${p.place}` : undefined}>
            <span className="place">{placeLabel(p.place, p.last)}</span> <span>{p.name}</span>
            {p.club ? <span className="muted"> · {p.club}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Before the draw: who is entered. */
function Entries({ category }: { category: TournamentCategory }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Entered ({category.entries.length})</h3>
      <ul className="entry-list">
        {category.entries.map((e) => (
          <li key={e.id}>
            {e.name}
            {e.club ? <span className="muted"> · {e.club}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A section's rounds side by side, in a row that scrolls sideways (a phone shows one round at a time). It opens
 * on the round being pulled; the others render without holding up the first paint (content-visibility).
 */
function SectionView({ section }: { section: BracketSection }) {
  const headingId = useId();
  const row = useRef<HTMLDivElement>(null);
  const start = startRound(section.rounds);
  useLayoutEffect(() => {
    const el = row.current;
    const round = el?.children[start] as HTMLElement | undefined;
    if (el && round) el.scrollLeft = round.offsetLeft - el.offsetLeft;
  }, [start]);
  return (
    <div className={`bracket-section section-${section.key}`}>
      <h3 id={headingId}>{section.title}</h3>
      {/* A region that scrolls must be reachable by keyboard: it takes focus and arrows scroll it. */}
      <div className="bracket-rounds" ref={row} tabIndex={0} role="region" aria-labelledby={headingId}>
        {section.rounds.map((r, i) => (
          <section key={r.key} className={i === start ? 'bracket-round current' : 'bracket-round'}>
            {r.label ? <h4>{r.label}</h4> : null}
            <ol>
              {r.items.map((item) => (
                <Item key={item.kind === 'bye' ? `bye-${item.code}` : item.match.id} item={item} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}

function Item({ item }: { item: BracketItem }) {
  if (item.kind === 'bye') {
    return (
      <li className="match bye">
        <span className="athlete">{item.name}</span>
        <span className="athlete bye-label">Bye</span>
      </li>
    );
  }
  const m = item.match;
  return (
    <li className={`match status-${m.status}`}>
      <Athlete match={m} side="A" />
      <Athlete match={m} side="B" />
      {m.status === 'done' && m.method && m.method !== 'pin' ? (
        <span className="match-method">{methodText(m)}</span>
      ) : null}
    </li>
  );
}

function Athlete({ match, side }: { match: TournamentMatch; side: 'A' | 'B' }) {
  const name = side === 'A' ? match.a : match.b;
  const won = match.winner === side;
  return (
    <span className={won ? 'athlete winner' : 'athlete'}>
      {name ?? <span className="muted">To be decided</span>}
      {won ? <span className="visually-hidden"> (winner)</span> : null}
    </span>
  );
}
