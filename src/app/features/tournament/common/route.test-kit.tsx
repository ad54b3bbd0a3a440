import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/**
 * A screen in a router of its own, opened at `url` (a component test of a screen with links or an address):
 * one route at `path`, its search read by `validateSearch` as the app's route reads it, inside `wrap` (the
 * providers the screen needs). Answers the router, whose `state.location` is the address now.
 */
export function renderRoute(
  url: string,
  path: string,
  screen: () => ReactNode,
  o: { validateSearch?: (search: Record<string, unknown>) => object; wrap?: (router: ReactNode) => ReactNode } = {},
) {
  // The router restores scroll positions, which jsdom does not draw.
  vi.stubGlobal('scrollTo', vi.fn());
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => root,
    path,
    ...(o.validateSearch ? { validateSearch: o.validateSearch } : {}),
    component: screen,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const wrap = o.wrap ?? ((node: ReactNode) => node);
  render(wrap(<RouterProvider router={router} />));
  return router;
}
