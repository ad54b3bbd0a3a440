import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useId, useMemo } from 'react';
import type { Leaderboard } from '../../shared/rankings.ts';
import { isDevEnvironment } from '../lib/environment.ts';
import { FeedbackTab } from '../features/feedback/FeedbackTab.tsx';
import { SupermatchPanel } from '../features/supermatch-result/SupermatchPanel.tsx';
import { Board, BoardSkeleton } from '../features/leaderboards/Board.tsx';
import { useFlippedCell } from '../features/leaderboards/flip-state.ts';
import { useAfterFirstContent, useFirstContentWhen } from '../lib/first-content.ts';
import { useLeaderboard } from '../lib/leaderboard-api.ts';
import { useUnderConstruction } from '../lib/under-construction.ts';

const AthletePopup = lazy(() => import('../features/athletes/AthletePopup.tsx'));
// The featured supermatch is a chunk of its own; until it is there its room is kept (112 px, as its CSS says).
const FeaturedSupermatch = lazy(() => import('../features/supermatches/FeaturedSupermatch.tsx'));
const FEATURED_ROOM = { height: 112, marginBottom: '1rem' };

// The home screen's two forms come in one lazy chunk (see leaderboards-forms.ts).
const loadForms = () => import('./leaderboards-forms.ts');
const SupermatchForm = lazy(() => loadForms().then((m) => ({ default: m.SupermatchForm })));
const FeedbackSheet = lazy(() => loadForms().then((m) => ({ default: m.FeedbackSheet })));
const preloadForms = () => void loadForms().catch(() => undefined);

const DIV = { M: 'Men', F: 'Women' } as const;

/** The home screen: the men's and women's leaderboards. */
export function LeaderboardsScreen() {
  const men = useLeaderboard('M');
  const women = useLeaderboard('F');
  const underConstruction = useUnderConstruction();
  const [flipped, setFlipped] = useFlippedCell();
  const search = useSearch({ from: '/leaderboards' });
  const navigate = useNavigate({ from: '/leaderboards' });
  const dev = isDevEnvironment;
  const titleId = useId();

  // Each board's rows are drawn in a render of their own after the answer came (a transition, which React renders
  // in slices of a few milliseconds): a query's answer re-renders its screen synchronously (React Query reads it
  // through useSyncExternalStore), and the men's rows in that render were one task of 15 ms on this machine, 60 ms
  // at Lighthouse's 4x. The women's board, below the men's on a phone, comes a render after it (both boards' rows in
  // one commit were the longest task of the screen's start). Each board's skeleton stands meanwhile.
  const menShown = useDeferredValue(men.data);
  const womenShown = useDeferredValue(women.data);
  const divisions = [
    { data: menShown, title: DIV.M, coming: !!men.data },
    { data: womenShown, title: DIV.F, coming: !!women.data },
  ];
  const boards = divisions.map((d) => d.data).filter((b): b is Leaderboard => !!b);
  // The popup opens from ?ath=, only when div is absent or matches the athlete's division.
  const popupBoard = search.ath
    ? boards.find((b) => b.ranks.LH.some((r) => r.name === search.ath) || b.ranks.RH.some((r) => r.name === search.ath))
    : undefined;
  const popupOpen = popupBoard && (!search.div || search.div === DIV[popupBoard.sex]);
  // The popup opens in a render of its own after the rows (a transition, which React can split): opened by a
  // link, it would otherwise come in the same long task as both boards on a phone. It closes at once.
  const asked = useMemo(
    () => (popupOpen && search.ath ? { board: popupBoard, name: search.ath } : null),
    [popupOpen, popupBoard, search.ath],
  );
  const deferred = useDeferredValue(asked);
  const popup = asked && deferred;

  // The popup is a change of query on the same screen: the page keeps its place behind it. One opener per
  // division, the same from render to render, so the (memoized) boards are not drawn again when the popup opens.
  const openers = useMemo(() => {
    const opener = (div: (typeof DIV)[keyof typeof DIV]) => (name: string) =>
      void navigate({ search: { ath: name, div }, resetScroll: false });
    return { M: opener(DIV.M), F: opener(DIV.F) };
  }, [navigate]);
  const close = () => void navigate({ search: {}, resetScroll: false });

  const loading = men.isPending || women.isPending;
  const failed = !loading && !men.data && !women.data;
  // The rows (or the failure line) are what a visitor came for: everything else waits for them.
  useFirstContentWhen(!loading && (!!menShown || !!womenShown || failed));
  const later = useAfterFirstContent();

  return (
    <section className="screen leaderboards" aria-labelledby={titleId}>
      {underConstruction ? (
        <p className="banner warning" role="status">
          UNDER CONSTRUCTION — Some features are unavailable at the moment.
        </p>
      ) : null}
      <Link className="banner event-banner" to="/events" search={{ id: 2 }}>
        Featured event: see the details, the weigh-ins and how to watch →
      </Link>
      {later ? (
        <Suspense fallback={<div style={FEATURED_ROOM} aria-hidden="true" />}>
          <FeaturedSupermatch />
        </Suspense>
      ) : (
        <div style={FEATURED_ROOM} aria-hidden="true" />
      )}
      <h1 id={titleId}>Leaderboards</h1>
      <p className="tip">
        tap a row to flip it · <Link to="/ratings">How the rankings work</Link>
      </p>
      {loading ? (
        <p role="status" className="visually-hidden">
          Loading…
        </p>
      ) : null}
      {failed ? <p role="alert">Failed to load rankings data. Refresh the page and try again.</p> : null}
      <div className="boards">
        {/* A board comes as soon as its own rows are ready, in the transition that made them ready: held until
            both answers were in, the first board's rows came in the synchronous render of the second answer (a
            task of 8 ms on this machine, 33 at 4x). */}
        {divisions.map(({ data, title, coming }) =>
          data ? (
            <Board
              key={title}
              board={data}
              title={title}
              dev={dev}
              flipped={flipped}
              onFlip={setFlipped}
              onOpen={openers[data.sex]}
            />
          ) : loading || coming ? (
            <BoardSkeleton key={title} title={title} />
          ) : null,
        )}
      </div>
      <SupermatchPanel form={SupermatchForm} />
      <FeedbackTab sheet={FeedbackSheet} preload={preloadForms} />
      {popup ? (
        <Suspense fallback={null}>
          <AthletePopup key={popup.name} board={popup.board} name={popup.name} dev={dev} onClose={close} />
        </Suspense>
      ) : null}
    </section>
  );
}
