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
  currentPath,
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
import { LoadBoundary, LoadFailed } from './ui/LoadBoundary.tsx';

interface Screen {
  Screen: ComponentType;
  /** Fetches the screen's chunk; once it is there the screen renders at once, without suspending. */
  preload: () => Promise<unknown>;
}

/** A screen in a chunk of its own. */
function lazyScreen(load: () => Promise<ComponentType>): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((screen) => (loaded = screen)));
  const Lazy = lazy(() => preload().then((screen) => ({ default: screen })));
  // Chosen once per mount: the screen itself when its chunk is already there, else the lazy one (which renders
  // it once loaded). Switching between the two later would mount the screen again and lose its state.
  function LazyScreen() {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Screen: LazyScreen, preload };
}
const inBundle = (Screen: ComponentType): Screen => ({ Screen, preload: () => Promise.resolve() });

/**
 * The screens by path. The leaderboards are the front door and come with the first screen's JavaScript; every
 * other screen is a chunk of its own, fetched when first opened, so none of it is on that budget.
 */
const SCREENS: Record<string, Screen> = {
  '/leaderboards': inBundle(LeaderboardsScreen),
  '/events': lazyScreen(() => import('./routes/events.tsx').then((m) => m.EventsScreen)),
  '/clubs': lazyScreen(() => import('./routes/clubs.tsx').then((m) => m.ClubsScreen)),
  '/supermatches': lazyScreen(() => import('./routes/supermatches.tsx').then((m) => m.SupermatchesScreen)),
  '/account': lazyScreen(() => import('./routes/account.tsx').then((m) => m.AccountScreen)),
  '/admin': lazyScreen(() => import('./routes/admin.tsx').then((m) => m.AdminScreen)),
};

/** The screens that mark their first content themselves, when their list is on screen (lib/first-content.ts). */
const LIST_SCREENS = new Set(['/leaderboards', '/events', '/supermatches', '/clubs']);

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

/**
 * Follows the address from now on, and starts fetching the chunk of the screen it opens on. The page renders
 * once that chunk is there (or after `waitMs` without it): the screen then draws at once, instead of a skeleton
 * that React, once the chunk came, keeps for at least 300 ms to avoid a flicker, holding the screen's requests
 * back with it. index.html's own skeleton stands meanwhile.
 */
export function startRouter(waitMs: number): Promise<unknown> {
  startNavigation(onLocation);
  const screen = SCREENS[currentPath()];
  return Promise.race([screen?.preload().catch(() => undefined), new Promise((r) => setTimeout(r, waitMs))]);
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

  const Screen = SCREENS[shown.path]?.Screen ?? NotFoundScreen;
  // The boundary stays across screens, so a change of screen keeps the one shown while the next one loads.
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <LoadBoundary key={shown.path} fallback={<LoadFailed what="This screen" />}>
        <Screen />
        <ScreenShown location={shown} />
      </LoadBoundary>
    </Suspense>
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
    // The screens with a list say so themselves when it is up; any other screen is up once it is drawn.
    if (!LIST_SCREENS.has(location.path)) markFirstContent();
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
