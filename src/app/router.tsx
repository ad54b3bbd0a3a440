import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { rememberPendingEvent } from './lib/pending-event.ts';
import {
  parseClubsSearch,
  parseEventsSearch,
  parseLeaderboardsSearch,
  parseSupermatchesSearch,
} from './lib/search-params.ts';
import { markFirstContent } from './lib/first-content.ts';
import { recordNavigation } from './lib/last-seen-store.ts';
import { LeaderboardsScreen } from './routes/leaderboards.tsx';
import { NotFoundScreen } from './routes/not-found.tsx';
import { Shell } from './shell/Shell.tsx';

const rootRoute = createRootRoute({ component: Shell, notFoundComponent: NotFoundScreen });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/leaderboards', replace: true });
  },
});

const leaderboardsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/leaderboards',
  validateSearch: parseLeaderboardsSearch,
  component: LeaderboardsScreen,
});

const eventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/events',
  validateSearch: parseEventsSearch,
  beforeLoad: ({ search }) => rememberPendingEvent(search),
  // The events page loads in its own chunk: it is not on the first screen's JavaScript budget.
  component: lazyRouteComponent(() => import('./routes/events.tsx'), 'EventsScreen'),
});

const tournamentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tournaments',
  validateSearch: parseEventsSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/events', search, replace: true });
  },
});

const supermatchesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/supermatches',
  validateSearch: parseSupermatchesSearch,
  // The supermatches page loads in its own chunk, off the first screen's JavaScript budget.
  component: lazyRouteComponent(() => import('./routes/supermatches.tsx'), 'SupermatchesScreen'),
});

const clubsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clubs',
  validateSearch: parseClubsSearch,
  // The clubs page (with papaparse for the club sheet) loads in its own chunk, off the first screen's budget.
  component: lazyRouteComponent(() => import('./routes/clubs.tsx'), 'ClubsScreen'),
});

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  // The account page is its own chunk: a visitor's first screen does not need it.
  component: lazyRouteComponent(() => import('./routes/account.tsx'), 'AccountScreen'),
});
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  // The admin screen is its own chunk: none of it is on the first screen's JavaScript budget.
  component: lazyRouteComponent(() => import('./routes/admin.tsx'), 'AdminScreen'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  leaderboardsRoute,
  eventsRoute,
  tournamentsRoute,
  supermatchesRoute,
  clubsRoute,
  accountRoute,
  adminRoute,
]);

export function createAppRouter() {
  const router = createRouter({ routeTree, history: createHashHistory(), scrollRestoration: true });
  // A last-seen timestamp per route name after each navigation.
  router.subscribe('onResolved', ({ toLocation }) => {
    const name = toLocation.pathname.split('/')[1];
    if (name) recordNavigation(name);
    // The leaderboards say so themselves when their rows are up; any other screen is up once resolved.
    if (name && name !== 'leaderboards') markFirstContent();
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface HistoryState {
    /** The event details were opened from a card of the list: closing them is going back. */
    eventFromList?: boolean;
    /** The club was opened from a card of the clubs list: closing it is going back. */
    clubFromList?: boolean;
  }
}
