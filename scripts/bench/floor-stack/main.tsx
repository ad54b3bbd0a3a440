import { persistQueryClient } from '@tanstack/query-persist-client-core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { createStore, del, get, set } from 'idb-keyval';
import { createRoot } from 'react-dom/client';
import { fetchMenBoard, TenRows } from '../floor/TenRows.tsx';

/**
 * The bench's stack floor: the floor's ten rows (scripts/bench/floor/), drawn with the owner's data stack and
 * nothing of the app: TanStack Router (hash history, one route with a search validator), TanStack Query with its
 * cache persisted to IndexedDB (query-persist-client-core, idb-keyval), React. No service worker, no shell, no
 * stylesheet. It is no target: between the floor and a page of the app, it says how much of a page's main-thread
 * time the stack costs and how much the page's own work does (scripts/bench/lighthouse.ts).
 */
const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 24 * 60 * 60 * 1000 } } });
const store = createStore('stack-floor', 'queries');
const [, restored] = persistQueryClient({
  queryClient,
  persister: {
    persistClient: (client) => set('client', client, store),
    restoreClient: () => get('client', store),
    removeClient: () => del('client', store),
  },
});
// A first visit has nothing saved: the rows do not wait for the (empty) restore.
void restored;

function Rows() {
  const { data: board } = useQuery({
    queryKey: ['leaderboard', 'M'],
    queryFn: fetchMenBoard,
  });
  if (!board) return <p>Loading…</p>;
  return <TenRows board={board} />;
}

const rootRoute = createRootRoute({ component: Outlet });
const rowsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>) => ({
    ath: typeof search.ath === 'string' ? search.ath : undefined,
  }),
  component: Rows,
});
const router = createRouter({ routeTree: rootRoute.addChildren([rowsRoute]), history: createHashHistory() });

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
