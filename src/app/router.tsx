import type { QueryClient } from '@tanstack/react-query';
import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  parseSearchWith,
  redirect,
  stringifySearchWith,
  useElementScrollRestoration,
  useRouterState,
  type AnyRoute,
} from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { completeSignIn } from './auth/session.ts';
import { markFirstContent } from './lib/first-content.ts';
import { recordNavigation } from './lib/last-seen-store.ts';
import { settleScroll } from './lib/settle-scroll.ts';
import type { DottedRoute } from './lib/last-seen.ts';
import { leaderboardQuery } from './lib/leaderboard-api.ts';
import { rememberPendingEvent } from './lib/pending-event.ts';
import { whenQueriesMayGo } from './lib/query-client.ts';
import {
  adminSearch,
  bracketsSearch,
  clubsSearch,
  drawSheetSearch,
  eventsSearch,
  headTableSearch,
  leaderboardsSearch,
  setupSearch,
  signInReturnSearch,
  supermatchesSearch,
  tableSearch,
  tvSearch,
} from './route-search.ts';
import { LeaderboardsScreen } from './routes/leaderboards.tsx';
import { NotFoundScreen } from './routes/not-found.tsx';
import { Shell } from './shell/Shell.tsx';
import { setSignInMessage } from './shell/sign-in-message.ts';
import { LoadFailed } from './ui/LoadBoundary.tsx';

/**
 * Every address of the app, as one route tree (TanStack Router over hash addresses, see
 * docs/decisions/0003-routing.md). A screen is a route: its path, its search parameters (route-search.ts), what
 * runs before it shows, the queries its loader starts, its place in the top bar (staticData) and its component.
 * The leaderboards are the front door and come with the first screen's JavaScript; every other screen is a chunk
 * of its own (`.lazy()`), fetched when the address opens on it, when a link to it is pointed at or touched
 * (preload on intent), or when it is opened.
 *
 * A new screen is one block below plus its place in the tree, e.g.
 *   const tableRoute = createRoute({ getParentRoute: () => rootRoute, path: '/table', validateSearch: tableSearch })
 *     .lazy(() => import('./routes/table.tsx').then((m) => m.Route));
 * with `export const Route = createLazyRoute('/table')({ component: TableScreen })` in routes/table.tsx.
 */

/** What every route's beforeLoad and loader get. */
export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * A route's data, asked for as soon as queries may go (lib/query-client.ts): the request goes out while the
 * screen's chunk comes, or from the moment a link to it is pointed at, instead of once the screen has rendered.
 * The route does not wait for it: the screen draws when its chunk is there and shows its rows when the answer
 * is, and offline it shows what it has at once. (ensureQueryData asks nothing when the query has data, as the
 * saved cache gives a second visit: the screen's own query decides when to ask again.) `api` is the feature's
 * API module: a lazy screen's comes as a small chunk of its own, fetched beside the screen's, so that none of it
 * weighs on the first screen.
 */
function startQueries<Api>(api: Api | Promise<Api>, ensure: (api: Api) => Promise<unknown>[]): void {
  const loaded = Promise.resolve(api);
  loaded.catch(() => undefined);
  whenQueriesMayGo(() => void loaded.then((m) => Promise.all(ensure(m))).catch(() => undefined));
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundScreen,
});

/** The sign-in's completion, once per page: the route can run again before it is done (the address tidied). */
let signInReturn: ReturnType<typeof completeSignIn> | undefined;

/**
 * `/`: the leaderboards, or the sign-in provider sending the user back (`/?code=…&state=…`, moved into the hash
 * at start, see lib/hash-address.ts): the sign-in completes and the user goes where they signed in from.
 */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: signInReturnSearch,
  beforeLoad: async ({ search, location, preload }) => {
    if (!preload && (search.code || search.error) && search.state) {
      signInReturn ??= completeSignIn(`${window.location.origin}/${location.searchStr}`);
      const { returnTo, error } = await signInReturn;
      if (error) setSignInMessage(error);
      throw redirect({ href: returnTo, replace: true });
    }
    throw redirect({ to: '/leaderboards', replace: true });
  },
});

const leaderboardsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/leaderboards',
  validateSearch: leaderboardsSearch,
  staticData: { nav: { label: 'Leaderboards', dot: 'leaderboards' }, ownFirstContent: true },
  loader: ({ context: { queryClient } }) =>
    startQueries(leaderboardQuery, (query) => [
      queryClient.ensureQueryData(query('M')),
      queryClient.ensureQueryData(query('F')),
    ]),
  component: LeaderboardsScreen,
});

const eventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/events',
  validateSearch: eventsSearch,
  staticData: { nav: { label: 'Events', dot: 'events' }, ownFirstContent: true },
  // The event a link asks for is remembered, for the details to open once the events are there (also later).
  beforeLoad: ({ search, preload }) => {
    if (!preload) rememberPendingEvent(search);
  },
  loader: ({ context: { queryClient } }) =>
    startQueries(import('./features/events/events-api.ts'), (m) => [queryClient.ensureQueryData(m.eventsQuery())]),
}).lazy(() => import('./routes/events.tsx').then((m) => m.Route));

/** The events page's old name; the query goes along. */
const tournamentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tournaments',
  validateSearch: eventsSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/events', search: eventsSearch(search), replace: true });
  },
});

const supermatchesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/supermatches',
  validateSearch: supermatchesSearch,
  staticData: { nav: { label: 'Supermatches' }, ownFirstContent: true },
  loader: ({ context: { queryClient } }) =>
    startQueries(import('./features/supermatches/supermatches-api.ts'), (m) => [
      queryClient.ensureQueryData(m.supermatchesQuery()),
    ]),
}).lazy(() => import('./routes/supermatches.tsx').then((m) => m.Route));

const clubsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clubs',
  validateSearch: clubsSearch,
  staticData: { nav: { label: 'Clubs', dot: 'clubs' }, ownFirstContent: true },
  loader: ({ context: { queryClient } }) =>
    startQueries(import('./features/clubs/clubs-api.ts'), (m) => [queryClient.ensureQueryData(m.clubsQuery())]),
}).lazy(() => import('./routes/clubs.tsx').then((m) => m.Route));

/** The brackets page's and the head table's data: the tournament of `?tournament=`, or the list without one. */
function startTournamentReads({
  context: { queryClient },
  deps: { tournament },
}: {
  context: RouterContext;
  deps: { tournament: number | undefined };
}) {
  startQueries(import('./features/tournament/common/tournament-api.ts'), (m) => [
    tournament
      ? queryClient.ensureQueryData(m.tournamentQuery(tournament))
      : queryClient.ensureQueryData(m.tournamentsQuery()),
  ]);
}

const bracketsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/brackets',
  validateSearch: bracketsSearch,
  staticData: { nav: { label: 'Brackets' }, ownFirstContent: true },
  loaderDeps: ({ search }) => ({ tournament: search.tournament }),
  loader: startTournamentReads,
}).lazy(() => import('./routes/brackets.tsx').then((m) => m.Route));

/**
 * A tournament's draw sheets to print (not in the top bar: the brackets page and the head table link to it), one
 * category or, without ?category=, every drawn one. It reads the same public tournament as the brackets page, so
 * a sheet seen once opens offline like a bracket.
 */
const drawSheetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/draw-sheet',
  validateSearch: drawSheetSearch,
  staticData: { ownFirstContent: true },
  loaderDeps: ({ search }) => ({ tournament: search.tournament }),
  loader: ({ context: { queryClient }, deps: { tournament } }) =>
    startQueries(import('./features/tournament/common/tournament-api.ts'), (m) =>
      tournament ? [queryClient.ensureQueryData(m.tournamentQuery(tournament))] : [],
    ),
}).lazy(() => import('./routes/draw-sheet.tsx').then((m) => m.Route));

/**
 * A table device (the table link `#/table?key=…`, no account, not in the top bar): its tournament is known only
 * once the key is. Opened by the link, the loader asks who the key is while the screen's chunks come, and for the
 * tournament as soon as that answers (table-api.ts, startTableReads).
 */
const tableRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/table',
  validateSearch: tableSearch,
  staticData: { ownFirstContent: true },
  // A chunk that cannot load is said by the screen (its own chunk fails the same way).
  loader: (route) =>
    void import('./features/tournament/table/table-api.ts')
      .then((m) => m.startTableReads(route))
      .catch(() => undefined),
}).lazy(() => import('./routes/table.tsx').then((m) => m.Route));

/** The hall's TV (`#/tv?tournament={id}`, not in the top bar: the head table links to it). */
const tvRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tv',
  validateSearch: tvSearch,
  staticData: { ownFirstContent: true },
  loaderDeps: ({ search }) => ({ tournament: search.tournament }),
  loader: ({ context: { queryClient }, deps: { tournament } }) =>
    tournament
      ? startQueries(import('./features/tournament/common/tournament-api.ts'), (m) => [
          queryClient.ensureQueryData(m.tournamentQuery(tournament)),
        ])
      : undefined,
}).lazy(() => import('./routes/tv.tsx').then((m) => m.Route));

const accountRoute = createRoute({ getParentRoute: () => rootRoute, path: '/account' }).lazy(() =>
  import('./routes/account.tsx').then((m) => m.Route),
);

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  validateSearch: adminSearch,
  staticData: { nav: { label: 'Admin', adminOnly: true } },
}).lazy(() => import('./routes/admin.tsx').then((m) => m.Route));

/**
 * The head table (admins and developers; not in the top bar: the admin screen and a tournament's brackets link
 * to it): the tournaments, or one by ?tournament= and its category at hand by ?category=.
 */
const headTableRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/head-table',
  validateSearch: headTableSearch,
  loaderDeps: ({ search }) => ({ tournament: search.tournament }),
  loader: startTournamentReads,
}).lazy(() => import('./routes/head-table.tsx').then((m) => m.Route));

/** 'How the rankings work' (not in the top bar: the leaderboards and the athlete popup link to it). */
const ratingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ratings',
  loader: ({ context: { queryClient } }) =>
    startQueries(import('./features/ratings/ratings-api.ts'), (m) => [
      queryClient.ensureQueryData(m.calibrationQuery()),
    ]),
}).lazy(() => import('./routes/ratings.tsx').then((m) => m.Route));

/** A new deployment's setup link (`#/setup?token=…`, from the server's log; not in the top bar). */
const setupRoute = createRoute({ getParentRoute: () => rootRoute, path: '/setup', validateSearch: setupSearch }).lazy(
  () => import('./routes/setup.tsx').then((m) => m.Route),
);

/** The tree; the top bar lists the routes with a `nav` entry in this order. */
const routeTree = rootRoute.addChildren([
  indexRoute,
  leaderboardsRoute,
  eventsRoute,
  tournamentsRoute,
  supermatchesRoute,
  clubsRoute,
  bracketsRoute,
  drawSheetRoute,
  tableRoute,
  tvRoute,
  accountRoute,
  adminRoute,
  headTableRoute,
  ratingsRoute,
  setupRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    history: createHashHistory(),
    context: { queryClient },
    // Query values as plain text (`?id=2&event=Spring+Pull`), never JSON-quoted: the validators read them.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
    // The address keeps only what its route's validator read: a bad or unknown value is tidied away.
    search: { strict: true },
    defaultPreload: 'intent',
    // The loaders only start queries, which React Query keeps: run them on every preload and visit.
    defaultPreloadStaleTime: 0,
    // Scroll positions per history entry: a new screen starts at its top, Back and Forward return to where the
    // entry was left (a change of query on the same screen passes resetScroll: false and keeps the place).
    scrollRestoration: true,
    // A change of screen keeps the one shown while the next one's chunk comes; after a second a skeleton
    // stands in, and goes as soon as the screen is there (no minimum time on screen).
    defaultPendingComponent: ScreenSkeleton,
    defaultPendingMinMs: 0,
    defaultErrorComponent: () => <LoadFailed what="This screen" />,
  });

  // The route of the screen shown (the root itself for an address that is not found).
  const shown = (): AnyRoute | undefined => {
    const id = router.state.matches.at(-1)?.routeId;
    return id ? (router.routesById as Record<string, AnyRoute>)[id] : undefined;
  };
  // The last-seen time per route name, for the top bar's 'new' dots: every screen shown counts.
  router.subscribe('onResolved', () => {
    const route = shown();
    if (route && !route.isRoot) recordNavigation((route.fullPath as string).slice(1));
  });
  // The screens with a list say themselves when it is up (lib/first-content.ts); any other is up once drawn.
  router.subscribe('onRendered', () => {
    if (!shown()?.options.staticData?.ownFirstContent) markFirstContent();
  });
  return router;
}

/** The top bar, status line and footer around the screen of the current address. */
function Root() {
  return (
    <Shell>
      <Outlet />
      <SettleScroll />
    </Shell>
  );
}

/**
 * Back and Forward: the router puts the page back where the entry was left once the screen is drawn, but a list
 * that comes in steps (lib/use-growing-count.ts) may not be that tall yet. The position is asked for again each
 * time the page grows, until it is reached, the person scrolls or types, or 3 s have passed. Not on the first
 * screen of a visit, whose own scrolling (to a card named in the address) wins.
 */
function SettleScroll() {
  const entry = useRouterState({ select: (s) => s.resolvedLocation?.state.key });
  const saved = useElementScrollRestoration({ getElement: () => window })?.scrollY;
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const firstScreen = !mounted.current;
    mounted.current = true;
    if (firstScreen || saved === undefined) return;
    return settleScroll(() => {
      scrollTo(0, saved);
      return Math.abs(scrollY - saved) <= 1;
    }, 3000);
  }, [entry, saved]);
  return null;
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

export type AppRouter = ReturnType<typeof createAppRouter>;

/** A route's entry in the top bar and the menu. */
export interface NavEntry {
  label: string;
  /** The route's 'new' dot, shown for a while after its release until it is seen (lib/last-seen.ts). */
  dot?: DottedRoute;
  adminOnly?: boolean;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    nav?: NavEntry;
    /** The screen marks its first content itself, when its list is on screen (lib/first-content.ts). */
    ownFirstContent?: boolean;
  }
  interface HistoryState {
    /** The event details were opened from a card of the list: closing them is going back. */
    eventFromList?: boolean;
    /** The club was opened from a card of the clubs list: closing it is going back. */
    clubFromList?: boolean;
  }
}
