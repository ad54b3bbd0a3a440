import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { markFirstContent } from './lib/first-content.ts';
import { recordNavigation } from './lib/last-seen-store.ts';
import {
  lastNavigation,
  startNavigation,
  useLocation,
  type AppLocation,
  type NavigateOptions,
} from './lib/navigation.ts';
import { rememberPendingEvent } from './lib/pending-event.ts';
import { parseSearchOf } from './lib/search-params.ts';
import { LeaderboardsScreen } from './routes/leaderboards.tsx';
import { NotFoundScreen } from './routes/not-found.tsx';
import { LoadBoundary } from './ui/LoadBoundary.tsx';

/**
 * The screens by path. The leaderboards are the front door and come with the first screen's JavaScript; every
 * other screen is a chunk of its own, fetched when first opened, so none of it is on that budget.
 */
const lazyScreen = (load: () => Promise<ComponentType>) => lazy(() => load().then((screen) => ({ default: screen })));
const SCREENS: Record<string, ComponentType> = {
  '/leaderboards': LeaderboardsScreen,
  '/events': lazyScreen(() => import('./routes/events.tsx').then((m) => m.EventsScreen)),
  // The clubs page brings papaparse (the club sheet) with it.
  '/clubs': lazyScreen(() => import('./routes/clubs.tsx').then((m) => m.ClubsScreen)),
  '/supermatches': lazyScreen(() => import('./routes/supermatches.tsx').then((m) => m.SupermatchesScreen)),
  '/account': lazyScreen(() => import('./routes/account.tsx').then((m) => m.AccountScreen)),
  '/admin': lazyScreen(() => import('./routes/admin.tsx').then((m) => m.AdminScreen)),
};

/**
 * Every new address, before it is shown: `/` opens the leaderboards; `/tournaments` is the old name of the events
 * page and keeps its query; the events page's id or event is remembered as a pending event, also when only the
 * query changed.
 */
function onLocation(location: AppLocation): NavigateOptions | null {
  if (location.path === '/') return { to: '/leaderboards' };
  if (location.path === '/tournaments') return { to: '/events', search: location.search };
  if (location.path === '/events') rememberPendingEvent(parseSearchOf('/events', location.search));
  return null;
}

/** Follows the address from now on. */
export function startRouter(): void {
  startNavigation(onLocation);
}

/**
 * The screen of the current address. A change of screen is a transition: the screen shown stays until the next
 * one's chunk is there (a skeleton stands in only on the very first load), and the page then scrolls to the top,
 * or, for Back and Forward, back to where that entry was left.
 */
export function RouterView() {
  const location = useLocation();
  const [shown, setShown] = useState(location);
  useEffect(() => {
    if (location !== shown) startTransition(() => setShown(location));
  }, [location, shown]);
  useScrollOnNavigation(shown);

  const Screen = SCREENS[shown.path] ?? NotFoundScreen;
  return (
    <LoadBoundary
      key={shown.path}
      fallback={<p className="muted">This screen could not load. Check the connection and reload the page.</p>}
    >
      <Suspense fallback={<ScreenSkeleton />}>
        <Screen />
        <ScreenShown location={shown} />
      </Suspense>
    </LoadBoundary>
  );
}

/** Mounted with the screen itself (after its chunk came): the route's own bookkeeping. */
function ScreenShown({ location }: { location: AppLocation }) {
  const name = location.path.split('/')[1] ?? '';
  useEffect(() => {
    // A last-seen time per route name, for the top bar's 'new' dots.
    if (SCREENS[location.path]) recordNavigation(name);
  }, [location, name]);
  useEffect(() => {
    // The leaderboards say so themselves when their rows are up; any other screen is up once it is drawn.
    if (location.path !== '/leaderboards') markFirstContent();
  }, [location.path]);
  return null;
}

function useScrollOnNavigation(location: AppLocation) {
  const previousPath = useRef(location.path);
  useLayoutEffect(() => {
    const { change, savedScroll } = lastNavigation();
    const pathChanged = previousPath.current !== location.path;
    previousPath.current = location.path;
    if (change === 'pop' && savedScroll !== undefined) return restoreScroll(savedScroll);
    // A new screen starts at its top; a change of query on the same screen (a popup, a filter) keeps the place.
    if (pathChanged && change === 'push') scrollTo(0, 0);
  }, [location]);
}

/** Scrolls back to `y`, frame by frame while the screen is still growing to that height (for up to a second). */
function restoreScroll(y: number): () => void {
  let frame = 0;
  let id = 0;
  const step = () => {
    scrollTo(0, y);
    if (Math.abs(scrollY - y) > 1 && ++frame < 60) id = requestAnimationFrame(step);
  };
  step();
  return () => cancelAnimationFrame(id);
}

/** What stands where a screen is while its chunk comes in, as index.html draws it before any script. */
function ScreenSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <span className="shell-bar shell-banner" />
      <span className="shell-bar shell-heading" />
      <span className="shell-bar shell-block" />
    </div>
  );
}
