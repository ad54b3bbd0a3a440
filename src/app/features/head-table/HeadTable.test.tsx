// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allEntries, deleteEntry } from '../../../shared/outbox/store.ts';
import type { Tournament } from '../../../shared/tournaments.ts';
import { provideSessionToken } from '../../lib/api.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { playedCategory, testTournament } from '../../lib/test-tournament.ts';
import { HeadTable } from './HeadTable.tsx';

// The signed-in admin's token, read at send time by the API client and the outbox's sender.
let token = 'admin-token';
provideSessionToken(() => Promise.resolve(token));
vi.mock('../../auth/session.ts', () => ({
  getAccessToken: () => Promise.resolve(token),
  getSessionUser: () => ({ sub: 'admin-1' }),
}));

interface Call {
  method: string;
  url: string;
  auth: string | null;
  key: string | null;
  body: unknown;
}
let calls: Call[];
let tournament: Tournament;
let answer: (call: Call) => Response | undefined;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(async () => {
  for (const e of await allEntries()) await deleteEntry(e.id);
  calls = [];
  answer = () => undefined;
  const notDrawn = {
    ...playedCategory(3, 2, 0),
    status: 'not_drawn' as const,
    seed: null,
    slots: [],
    byes: [],
    matches: [],
    name: 'Women · Left Hand · 143 lbs · Pro',
    weight_class: '143',
  };
  tournament = testTournament([playedCategory(1, 4, 0), notDrawn]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        auth: headers.get('Authorization'),
        key: headers.get('Idempotency-Key'),
        body: init.body ? (JSON.parse(init.body as string) as unknown) : undefined,
      };
      calls.push(call);
      const own = answer(call);
      if (own) return own;
      if (url === '/api/v1/tournaments') return json(200, { tournaments: [{ ...tournament, categories: 2 }] });
      if (url === `/api/v1/tournaments/${tournament.id}`) return json(200, tournament);
      return json(200, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openCategory(name: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <HeadTable
          names={['Athlete 1', 'Athlete 2']}
          events={[{ id: 3, name: 'Friday Night Pulls', date: '2026-11-26' }]}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Tournaments' }));
  const select = await screen.findByRole('combobox', { name: 'Tournament' });
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
  fireEvent.change(select, { target: { value: String(tournament.id) } });
  const category = await screen.findByRole('combobox', { name: 'Category' });
  const option = within(category)
    .getAllByRole('option')
    .find((o) => o.textContent?.startsWith(name))!;
  fireEvent.change(category, { target: { value: (option as HTMLOptionElement).value } });
  return screen.findByRole('region', { name });
}

describe('the head table', () => {
  it('a tap on an athlete’s name records them as the winner through the outbox, once, with the admin’s token', async () => {
    const running = tournament.categories[0]!;
    const desk = await openCategory(running.name);
    const match = running.matches.find((m) => m.status === 'ready')!;
    token = 'renewed-token';
    fireEvent.click(within(desk).getAllByRole('button', { name: `${match.a} wins` })[0]!);
    // The outbox's module comes with the first result: on a busy machine that can take a moment.
    await screen.findByText(`${match.a} wins.`, undefined, { timeout: 10_000 });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        url: `/api/v1/tournaments/${tournament.id}/matches/${match.id}/result`,
        auth: 'Bearer renewed-token',
        key: expect.any(String) as string,
        body: { winner: 'A', method: 'pin', warnings_a: 0, warnings_b: 0, fouls_a: 0, fouls_b: 0 },
      },
    ]);
    expect((await allEntries()).map((e) => [e.kind, e.state])).toEqual([['match_result', 'sent']]);
  });

  it('a refused result (409: decided otherwise) says the server’s word', async () => {
    const running = tournament.categories[0]!;
    const desk = await openCategory(running.name);
    answer = (c) =>
      c.method === 'POST'
        ? json(409, { error: { code: 'match_decided', message: 'This match is already decided.' } })
        : undefined;
    const match = running.matches.find((m) => m.status === 'ready')!;
    fireEvent.click(within(desk).getAllByRole('button', { name: `${match.b} wins` })[0]!);
    expect(
      await screen.findByText('This match is already decided.', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('a weigh-in over the limit shows the message beside the field, and the server’s refusal too', async () => {
    const desk = await openCategory('Women · Left Hand · 143 lbs · Pro');
    const field = within(desk).getByRole('textbox', { name: 'Weight of Athlete 1' });
    fireEvent.change(field, { target: { value: '150' } });
    fireEvent.click(within(desk).getAllByRole('button', { name: 'Save weight' })[0]!);
    expect(await within(desk).findByText('Over the limit: 150 lbs in 143 lbs.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    answer = (c) =>
      c.method === 'PUT'
        ? json(400, {
            error: {
              code: 'invalid',
              message: 'Invalid.',
              fields: { weight: ['Over the limit: 143.2 lbs in 143 lbs.'] },
            },
          })
        : undefined;
    fireEvent.change(field, { target: { value: '140' } });
    fireEvent.click(within(desk).getAllByRole('button', { name: 'Save weight' })[0]!);
    expect(await within(desk).findByText('Over the limit: 143.2 lbs in 143 lbs.')).toBeInTheDocument();
  });

  it('a new name asks for the sex before it is entered', async () => {
    const desk = await openCategory('Women · Left Hand · 143 lbs · Pro');
    fireEvent.change(within(desk).getByRole('combobox', { name: 'Athlete' }), { target: { value: 'Nova Quinn' } });
    fireEvent.click(within(desk).getByRole('button', { name: 'Enter athlete' }));
    expect(await within(desk).findByText('A new athlete: choose the sex.')).toBeInTheDocument();
    fireEvent.click(within(desk).getByRole('radio', { name: 'Women' }));
    fireEvent.click(within(desk).getByRole('button', { name: 'Enter athlete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({
          url: `/api/v1/admin/tournaments/${tournament.id}/entries`,
          body: { category_id: 3, name: 'Nova Quinn', sex: 'F' },
        }),
      ]),
    );
  });
});
