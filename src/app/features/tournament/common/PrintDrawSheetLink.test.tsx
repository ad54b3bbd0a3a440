// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { PrintDrawSheetLink } from './PrintDrawSheetLink.tsx';

afterEach(cleanup);

it('links to one category’s draw sheet, or to every drawn category’s', async () => {
  vi.stubGlobal('scrollTo', vi.fn());
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <>
        <PrintDrawSheetLink tournamentId={7} categoryId={3} />
        <PrintDrawSheetLink tournamentId={7} />
      </>
    ),
  });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory() });
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('link', { name: 'Print draw sheet' })).toHaveAttribute(
    'href',
    '/draw-sheet?tournament=7&category=3',
  );
  expect(screen.getByRole('link', { name: 'Print all' })).toHaveAttribute('href', '/draw-sheet?tournament=7');
});
