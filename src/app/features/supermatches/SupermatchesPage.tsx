import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import { REDUCED_MOTION, useMediaQuery } from '../../lib/use-media-query.ts';
import { useFirstContentWhen } from '../../lib/first-content.ts';
import { useGrowingCount } from '../../lib/use-growing-count.ts';
import { useUnderConstruction } from '../../lib/under-construction.ts';
import { cardAnchor, cardsOfEvent, countText, isPast, splitCards } from './card-rules.ts';
import { SupermatchCardView } from './SupermatchCardView.tsx';
import { SupermatchTabs, type Tab } from './SupermatchTabs.tsx';
import { supermatchesQuery } from './supermatches-api.ts';
import './supermatches.css';
import { useAssociation } from '../../lib/association.ts';

export const SUPERMATCHES_TITLE = 'Supermatches';
export const TAGLINE = 'Two names, one table, one hand. Who pulls whom, and when; then who won.';
/** The first row of cards on a wide screen (one card fills a phone's): their pictures load at once. */
const EAGER_CARDS = 4;
/**
 * Cards rendered at once (one fills a phone's screen), then added at each idle moment (see useGrowingCount):
 * six at once were the page's longest task on a phone.
 */
const FIRST_CARDS = 2;
const MORE_CARDS = 2;
const UNDER_CONSTRUCTION = 'UNDER CONSTRUCTION — Some features are unavailable at the moment.';

/**
 * The supermatches page: the hero, the event filter from ?event= (Showing
 * {event}, Clear), Upcoming and Past tabs with a true count, and the grid of
 * cards. ?match= opens the tab that holds the card, scrolls smoothly to it
 * and highlights it.
 */
export function SupermatchesPage({
  event,
  match,
  onClearEvent,
  onEdit,
}: {
  event: string | undefined;
  match: string | undefined;
  onClearEvent: () => void;
  onEdit?: ((card: SupermatchCard) => void) | undefined;
}) {
  const query = useQuery(supermatchesQuery());
  const { units } = useAssociation();
  // The cards are drawn in a render of their own after the answer came (a transition, which React renders in
  // slices of a few milliseconds): the answer re-renders the screen synchronously (React Query reads it through
  // useSyncExternalStore), with the first cards in that one task. The skeleton stands until they are drawn.
  const data = useDeferredValue(query.data);
  const isPending = query.isPending || (!!query.data && !data);
  const { isError } = query;
  // The first cards are what a visitor came for: the outbox and the worker wait for them.
  useFirstContentWhen(!isPending);
  const underConstruction = useUnderConstruction();
  const reduced = useMediaQuery(REDUCED_MOTION);
  const titleId = useId();

  const { upcoming, past } = useMemo(() => splitCards(cardsOfEvent(data?.cards ?? [], event)), [data, event]);
  const matched = match ? data?.cards.find((c) => c.id === match) : undefined;
  const [chosen, setChosen] = useState<Tab | null>(null);
  const [forMatch, setForMatch] = useState(match);
  if (forMatch !== match) {
    setForMatch(match);
    setChosen(null);
  }
  // The tab follows ?match= until someone picks one.
  const tab: Tab = chosen ?? (matched && isPast(matched) ? 'past' : 'upcoming');
  const cards = tab === 'past' ? past : upcoming;
  // A long list comes in steps; a card named by ?match= and those before it come at once.
  const growing = useGrowingCount(`${tab} ${event ?? ''}`, cards.length, FIRST_CARDS, MORE_CARDS);
  const shown = cards.slice(0, Math.max(growing, cards.findIndex((c) => c.id === match) + 1));

  // Scroll to the matched card once per ?match=, when its card is on the page.
  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    if (!match || scrolled.current === match || !cards.some((c) => c.id === match)) return;
    const el = document.getElementById(cardAnchor(match));
    if (!el) return;
    scrolled.current = match;
    el.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
  }, [match, cards, reduced]);

  return (
    <section className="screen supermatches" aria-labelledby={titleId}>
      {underConstruction || data?.fallback ? (
        <p className="banner warning" role="status">
          {UNDER_CONSTRUCTION}
        </p>
      ) : null}
      <header className="sm-hero">
        <h1 id={titleId}>{SUPERMATCHES_TITLE}</h1>
        <p className="sm-tagline">{TAGLINE}</p>
      </header>
      {event ? (
        <div className="sm-filter" role="group" aria-label="Event filter">
          <span>
            Showing <strong>{event}</strong>
          </span>
          <button type="button" className="button secondary small" onClick={onClearEvent}>
            Clear
          </button>
        </div>
      ) : null}
      <SupermatchTabs tab={tab} onChange={setChosen}>
        {isPending ? (
          <>
            <p className="sm-count" role="status">
              Loading supermatches…
            </p>
            <ul className="sm-grid skeleton-pulse" aria-hidden="true">
              {[0, 1, 2].map((i) => (
                <li key={i} className="sm-card sm-skeleton" />
              ))}
            </ul>
          </>
        ) : (
          <>
            <p className="sm-count" aria-live="polite">
              {countText(cards.length, tab)}
            </p>
            {cards.length ? (
              <ul className="sm-grid">
                {shown.map((c, i) => (
                  <li key={c.id}>
                    <SupermatchCardView
                      card={c}
                      units={units}
                      highlighted={c.id === match}
                      eager={i < EAGER_CARDS}
                      onEdit={onEdit}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <div className="empty-state">
                <h2>{tab === 'past' ? 'No results yet' : 'Nothing scheduled'}</h2>
                <p className="muted">
                  {isError && !data
                    ? 'The supermatches could not be loaded. Refresh the page and try again.'
                    : tab === 'past'
                      ? 'Finished supermatches and their scores will be listed here.'
                      : 'New supermatches appear here as soon as they are announced.'}
                </p>
              </div>
            )}
          </>
        )}
      </SupermatchTabs>
    </section>
  );
}
