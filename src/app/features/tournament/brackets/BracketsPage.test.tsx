// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useSearch,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bracketsSearch, type BracketsSearch } from '../../../route-search.ts';
import { BracketsPage } from './BracketsPage.tsx';
import { playedCategory, testTournament } from '../common/tournament.test-kit.ts';

const finished = playedCategory(1, 5);
const running = playedCategory(2, 64, 40);
const tournament = testTournament([finished, running]);

function renderAt(url: string) {
  const root = createRootRoute({ component: Outlet });
  const brackets = createRoute({
    getParentRoute: () => root,
    path: '/brackets',
    validateSearch: bracketsSearch,
    component: function Screen() {
      const s: BracketsSearch = useSearch({ strict: false });
      return (
        <BracketsPage tournamentId={s.tournament} categoryId={s.category} athlete={s.athlete} onAthlete={() => {}} />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([brackets]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // The router restores scroll positions, which jsdom does not draw.
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body =
        url === '/api/v1/tournaments'
          ? { tournaments: [{ ...tournament, categories: 2, athletes: 69 }] }
          : url === `/api/v1/tournaments/${tournament.id}`
            ? tournament
            : null;
      return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the brackets page', () => {
  it('lists the tournaments with links to each', async () => {
    renderAt('/brackets');
    const link = await screen.findByRole('link', { name: /Friday Night Pulls Open/ });
    expect(link).toHaveAttribute('href', '/brackets?tournament=7');
  });

  it('shows a finished category: its state, placings, sections, byes and the winners', async () => {
    renderAt(`/brackets?tournament=7&category=${finished.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Friday Night Pulls Open' });
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { current: 'page' })).toHaveTextContent(`${finished.name} Finished`);
    expect(within(categories).getByText('Running')).toBeInTheDocument();
    const placings = screen.getByRole('region', { name: 'Placings' });
    expect(within(placings).getAllByRole('listitem')[0]).toHaveTextContent(`1st ${finished.placings[0]!.name}`);
    for (const title of ['Winners’ bracket', 'Losers’ bracket', 'Final']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    // Drawn as a tree: a box per match, named with its result, and the byes (Fit: the whole drawing).
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(within(screen.getByRole('region', { name: 'Winners’ bracket' })).getAllByText('Bye')).toHaveLength(3);
    const final = finished.matches.find((m) => m.code === 'F1')!;
    const champion = final.winner === 'A' ? final.a : final.b;
    expect(
      screen.getByRole('button', { name: `Final: ${final.a} against ${final.b}, ${champion} won by pin` }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(finished.matches.length + 1);
    // The list: every decided match names its winner to a screen reader too.
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('(winner)', { exact: false })).toHaveLength(finished.matches.length);
    expect(within(screen.getByRole('region', { name: 'Winners’ bracket' })).getAllByText('Bye')).toHaveLength(3);
    const standings = screen.getByRole('table');
    expect(within(standings).getByRole('rowheader')).toHaveTextContent('Iron Grip');
  });

  it('finds an athlete: the category and what is next for them', async () => {
    renderAt(`/brackets?tournament=7&athlete=${encodeURIComponent(finished.placings[0]!.name)}`);
    const finds = await screen.findByRole('list', { name: `${finished.placings[0]!.name} in this tournament` });
    expect(finds).toHaveTextContent(`${finished.name}: 1st place`);
    const field = screen.getByRole('combobox', { name: 'Find an athlete' });
    fireEvent.change(field, { target: { value: 'Nobody at all' } });
    expect(await screen.findByText('Nobody of that name in this tournament.')).toBeInTheDocument();
  });

  it('opens a bracket of 64 on its current round', async () => {
    renderAt(`/brackets?tournament=7&category=${running.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'List' }));
    const winners = await screen.findByRole('region', { name: 'Winners’ bracket' });
    const current = winners.querySelector('.bracket-round.current');
    expect(current?.querySelector('h4')).toHaveTextContent('Round 2');
  });
});
