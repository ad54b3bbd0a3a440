import { createHashHistory, createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { rememberPendingEvent } from './lib/pending-event.ts';
import { recordNavigation } from './lib/last-seen-store.ts';
import { AccountScreen } from './routes/account.tsx';
import { AdminScreen } from './routes/admin.tsx';
import { ClubsScreen } from './routes/clubs.tsx';
import { EventsScreen } from './routes/events.tsx';
import { LeaderboardsScreen } from './routes/leaderboards.tsx';
import { NotFoundScreen } from './routes/not-found.tsx';
import { SupermatchesScreen } from './routes/supermatches.tsx';
import { Shell } from './shell/Shell.tsx';

/** Search params are parsed leniently: a bad value is dropped, never an error screen. */
const text = z.string().trim().min(1).max(200).optional().catch(undefined);
const parse =
  <S extends z.ZodType>(schema: S) =>
  (search: Record<string, unknown>): z.infer<S> =>
    schema.parse(search);

export const leaderboardsSearch = z.object({ ath: text, div: z.enum(['Women', 'Men']).optional().catch(undefined) });
export const eventsSearch = z.object({
  id: z.coerce.number().int().positive().optional().catch(undefined),
  event: text,
  from: text,
});
export const supermatchesSearch = z.object({ event: text, match: text });
export const clubsSearch = z.object({ club: text, from: text, ath: text, div: text });

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
  validateSearch: parse(leaderboardsSearch),
  component: LeaderboardsScreen,
});

const eventsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/events',
  validateSearch: parse(eventsSearch),
  beforeLoad: ({ search }) => rememberPendingEvent(search),
  component: EventsScreen,
});

const tournamentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tournaments',
  validateSearch: parse(eventsSearch),
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/events', search, replace: true });
  },
});

const supermatchesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/supermatches',
  validateSearch: parse(supermatchesSearch),
  component: SupermatchesScreen,
});

const clubsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clubs',
  validateSearch: parse(clubsSearch),
  component: ClubsScreen,
});

const accountRoute = createRoute({ getParentRoute: () => rootRoute, path: '/account', component: AccountScreen });
const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: AdminScreen });

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
  // Spec part 1 §2: a last-seen timestamp per route name after each navigation.
  router.subscribe('onResolved', ({ toLocation }) => {
    const name = toLocation.pathname.split('/')[1];
    if (name) recordNavigation(name);
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
