// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allEntries, deleteEntry } from '../../../../shared/outbox/store.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { provideSessionToken } from '../../../lib/api.ts';
import { ToastProvider } from '../../../ui/toast.tsx';
import { jsonAnswer, type SentRequest, stubServer } from '../common/server.test-kit.ts';
import { playedCategory, testTournament } from '../common/tournament.test-kit.ts';
import { matchLabel } from '../common/category-state.ts';
import { renderRoute } from '../common/route.test-kit.tsx';
import { headTableSearch, type HeadTableSearch } from '../../../route-search.ts';
import { HeadTable } from './HeadTable.tsx';

// The signed-in admin's token, read at send time by the API client and the outbox's sender.
let token = 'admin-token';
provideSessionToken(() => Promise.resolve(token));
vi.mock('../../../auth/session.ts', () => ({
  getAccessToken: () => Promise.resolve(token),
  getSessionUser: () => ({ sub: 'admin-1' }),
}));

type Call = SentRequest;
let calls: Call[];
let tournament: Tournament;
let answer: (call: Call) => Response | undefined;

const json = jsonAnswer;

beforeEach(async () => {
  // jsdom has no modal dialogs: open and close like a browser would, without the top layer.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  for (const e of await allEntries()) await deleteEntry(e.id);
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
  calls = stubServer((call) => {
    const own = answer(call);
    if (own) return own;
    const { url } = call;
    if (url === '/api/v1/tournaments') return json(200, { tournaments: [{ ...tournament, categories: 2 }] });
    if (url === `/api/v1/tournaments/${tournament.id}`) return json(200, tournament);
    if (url.endsWith('/tables')) return json(200, { tables: [], unassigned: [] });
    if (url.endsWith('/conflicts')) return json(200, { conflicts: [] });
    return json(200, {});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The head table's screen at `url` (#/head-table…), its search read and followed as the app's route does. */
function openHeadTable(url = '/head-table') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    url,
    '/head-table',
    function Screen() {
      const s: HeadTableSearch = useSearch({ strict: false });
      const navigate = useNavigate();
      return (
        <HeadTable
          tournamentId={s.tournament}
          categoryId={s.category}
          names={['Athlete 1', 'Athlete 2']}
          events={[{ id: 3, name: 'Friday Night Pulls', date: '2026-11-26' }]}
          onTournament={(tournament) => void navigate({ to: '/head-table', search: { tournament } })}
          onCategory={(category) => void navigate({ to: '/head-table', search: (p) => ({ ...p, category }) })}
        />
      );
    },
    {
      validateSearch: headTableSearch,
      wrap: (router) => (
        <QueryClientProvider client={client}>
          <ToastProvider>{router}</ToastProvider>
        </QueryClientProvider>
      ),
    },
  );
}

/** The head table opened on the test tournament. */
function openTournament() {
  return openHeadTable(`/head-table?tournament=${tournament.id}`);
}

async function openCategory(name: string) {
  openTournament();
  const category = await screen.findByRole('combobox', { name: 'Category' });
  const option = within(category)
    .getAllByRole('option')
    .find((o) => o.textContent?.startsWith(name))!;
  fireEvent.change(category, { target: { value: (option as HTMLOptionElement).value } });
  return screen.findByRole('region', { name });
}

describe('the head table', () => {
  it('lists the tournaments, each a link to its head table, and puts the category chosen in the address', async () => {
    const router = openHeadTable();
    const list = await screen.findByRole('list', { name: 'Tournaments' });
    const link = within(list).getByRole('link', { name: /^Friday Night Pulls/ });
    expect(link).toHaveAttribute('href', `/head-table?tournament=${tournament.id}`);
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: tournament.name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Public brackets' })).toHaveAttribute(
      'href',
      `/brackets?tournament=${tournament.id}`,
    );
    const running = tournament.categories[0]!;
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: String(running.id) } });
    expect(await screen.findByRole('region', { name: running.name })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ tournament: tournament.id, category: running.id });
  });

  it('a new tournament is made for an event and opens at its own head table', async () => {
    answer = (c) =>
      c.method === 'POST' && c.url === '/api/v1/admin/tournaments' ? json(201, { ...tournament, id: 77 }) : undefined;
    const router = openHeadTable();
    fireEvent.click(await screen.findByRole('button', { name: 'New tournament' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tournament' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Friday Night Pulls');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create tournament' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tournament: 77 }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { event_id: 3, name: 'Friday Night Pulls' },
    ]);
  });

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

  it("a category made in kilograms weighs in in kilograms, whatever the association's unit now", async () => {
    const kg = { ...tournament.categories[1]!, name: 'Men · Right Hand · 80 kg · Seniors', sex: 'M' as const };
    tournament = testTournament([tournament.categories[0]!, { ...kg, weight_class: '80', units: 'kg' }]);
    const desk = await openCategory('Men · Right Hand · 80 kg · Seniors');
    const field = within(desk).getByRole('textbox', { name: 'Weight of Athlete 1' });
    expect(field).toHaveAccessibleDescription('kg');
    fireEvent.change(field, { target: { value: '81.2' } });
    fireEvent.click(within(desk).getAllByRole('button', { name: 'Save weight' })[0]!);
    expect(await within(desk).findByText('Over the limit: 81.2 kg in 80 kg.')).toBeInTheDocument();

    const add = within(desk).getByRole('form', { name: 'Enter an athlete' });
    fireEvent.change(within(add).getByRole('combobox', { name: 'Athlete' }), { target: { value: 'Athlete 2' } });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Weight' }), { target: { value: '0' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Enter athlete' }));
    expect(await within(add).findByText('Enter the weight in kg.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT' || c.method === 'POST')).toEqual([]);
  });

  it("a new category offers the association's classes, in its unit, and its divisions", async () => {
    openTournament();
    const form = await screen.findByRole('form', { name: 'Add a category' });
    const options = (name: string) =>
      within(within(form).getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Weight class')).toEqual(['154 lbs', '176 lbs', '198 lbs', '220 lbs', '242 lbs', '243+ lbs']);
    expect(options('Division')).toEqual(['Pro', 'Amateur', 'Novice', 'Masters', 'Grand Masters', 'Youth']);
    fireEvent.change(within(form).getByRole('combobox', { name: 'Sex' }), { target: { value: 'F' } });
    expect(options('Weight class')).toEqual(['143 lbs', '144+ lbs']);
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

describe('the head table’s tables, overview, conflicts and corrections', () => {
  const at = (category: Tournament['categories'][number], table: number | null) => ({
    ...category,
    table,
    matches: category.matches.map((m) => ({ ...m, table })),
  });
  beforeEach(() => {
    tournament = testTournament([
      at(playedCategory(1, 8, 5), 1),
      { ...at(playedCategory(2, 4, 0), null), name: 'Women · Right Hand · 143 lbs · Pro' },
    ]);
  });

  it('puts a category at a table, and a table’s link shows as a link and a QR code until its links are revoked', async () => {
    const url = 'https://rankings.example/#/table?key=s3cret';
    answer = (c) => (c.method === 'POST' && c.url.endsWith('/link') ? json(201, { url, expires_at: null }) : undefined);
    openTournament();
    const second = tournament.categories[1]!;
    const form = await screen.findByRole('form', { name: `Table of ${second.name}` });
    const save = within(form).getByRole('button', { name: 'Save table' });
    expect(save).toBeDisabled();
    fireEvent.change(within(form).getByRole('combobox', { name: 'Table' }), { target: { value: '2' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({
          url: `/api/v1/admin/tournaments/${tournament.id}/categories/${second.id}`,
          body: { table: 2 },
          auth: expect.stringMatching(/^Bearer /) as string,
        }),
      ]),
    );

    const links = screen.getByRole('list', { name: 'Table links' });
    fireEvent.click(within(links).getByRole('button', { name: 'Table link' }));
    expect(await within(links).findByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(await within(links).findByRole('img', { name: 'QR code of the link of Table 1' })).toBeInTheDocument();
    expect(within(links).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();

    fireEvent.click(within(links).getByRole('button', { name: 'Revoke links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the links of Table 1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke links' }));
    await waitFor(() => expect(within(links).queryByRole('link', { name: url })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/admin/tournaments/${tournament.id}/tables/1/link`,
    ]);
  });

  it('the overview names each table’s match, queue, device contact and waiting results, and the categories at none', async () => {
    const running = tournament.categories[0]!;
    const now = running.matches.find((m) => m.status === 'ready')!;
    answer = (c) =>
      c.url.endsWith('/tables')
        ? json(200, {
            tables: [
              {
                table: 1,
                category_ids: [running.id],
                current: now.id,
                queue: 3,
                links: 1,
                last_contact: new Date(Date.now() - 2 * 60_000 - 5000).toISOString(),
                waiting: 2,
                waiting_since: new Date().toISOString(),
              },
            ],
            unassigned: [tournament.categories[1]!.id],
          })
        : undefined;
    openTournament();
    const overview = await screen.findByRole('region', { name: 'Overview' });
    const table = await within(overview).findByRole('heading', { name: 'Table 1' });
    const card = table.closest('li')!;
    expect(card).toHaveTextContent(`Now pulling: ${now.a} v ${now.b} · ${running.name}`);
    expect(card).toHaveTextContent('3 matches in the queue · device heard from 2 min ago');
    expect(card).toHaveTextContent('2 results waiting on the device since');
    expect(overview).toHaveTextContent(`Not at a table: ${tournament.categories[1]!.name}`);
  });

  it('a conflict shows both results; keeping the first drops it, taking the other is a correction with its preview', async () => {
    const category = tournament.categories[0]!;
    const match = category.matches.find((m) => m.status === 'done')!;
    const later = category.matches.filter((m) => m.status !== 'done').slice(0, 2);
    const sent = (winner: 'A' | 'B', by: string) => ({
      winner,
      method: 'pin',
      warnings_a: 1,
      warnings_b: 0,
      fouls_a: 0,
      fouls_b: 0,
      source: by === 'Table 1' ? 'table:1' : 'head',
      by,
      at: '2026-11-26T18:04:05.000Z',
    });
    const conflict = {
      id: 41,
      tournament_id: tournament.id,
      category_id: category.id,
      match_id: match.id,
      code: match.code,
      a: match.a,
      b: match.b,
      kept: sent('A', 'Head Admin'),
      sent: sent('B', 'Table 1'),
    };
    let conflicts = [conflict];
    answer = (c) => {
      if (c.url.endsWith('/conflicts')) return json(200, { conflicts });
      if (c.method === 'DELETE') conflicts = [];
      if (c.url.endsWith('/correction')) {
        const body = c.body as { dry_run: boolean };
        return json(200, { match, category, affected: later.map((m) => m.id), dry_run: body.dry_run });
      }
      return undefined;
    };
    openTournament();
    const list = await screen.findByRole('region', { name: 'Conflicts (1)' });
    const row = within(list).getByRole('listitem', {
      name: `Winners’ round 1: ${match.a} vs ${match.b}`.replace(' vs ', ' v '),
    });
    expect(row).toHaveTextContent(`Kept (first)${match.a} won, Pin`);
    expect(row).toHaveTextContent('Sent by Head Admin at');
    expect(row).toHaveTextContent(`Set aside${match.b} won, Pin`);
    expect(row).toHaveTextContent('Sent by Table 1 at');

    fireEvent.click(within(row).getByRole('button', { name: 'Take the other' }));
    const dialog = await screen.findByRole('dialog', { name: `Correct Winners’ round 1` });
    expect(within(dialog).getByRole('radio', { name: match.b! })).toBeChecked();
    const names = later.map((m) => `${matchLabel(m)} (${m.a ?? 'to be decided'} v ${m.b ?? 'to be decided'})`);
    expect(
      await within(dialog).findByText(
        `This changes 2 later matches: ${names.join(', ')}. They are reset and pulled again.`,
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/correction')).map((c) => c.body)).toEqual([
      { winner: 'B', method: 'pin', warnings_a: 1, warnings_b: 0, fouls_a: 0, fouls_b: 0, dry_run: true },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText('Corrected: 2 later matches reset.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url.endsWith('/correction')).map((c) => (c.body as { dry_run: boolean }).dry_run),
    ).toEqual([true, false]);

    fireEvent.click(within(row).getByRole('button', { name: 'Keep the first' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Conflicts/ })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/admin/tournaments/${tournament.id}/conflicts/41`,
    ]);
  });

  it('Correct on a recorded result: the other winner asks the server first and says when nothing later changes', async () => {
    const category = tournament.categories[0]!;
    answer = (c) =>
      c.url.endsWith('/correction')
        ? json(200, { match: category.matches[0], category, affected: [], dry_run: true })
        : undefined;
    const desk = await openCategory(category.name);
    const match = category.matches.find((m) => m.status === 'done')!;
    fireEvent.click(within(desk).getByText(/^Recorded results/));
    fireEvent.click(
      within(desk).getByRole('button', { name: `Correct ${matchLabel(match)}: ${match.a} vs ${match.b}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Correct ${matchLabel(match)}` });
    expect(within(dialog).getByText('This is the result recorded now.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save correction' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('radio', { name: match.b! }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Method' }), { target: { value: 'fouls' } });
    expect(await within(dialog).findByText('This changes no later match.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/correction')).at(-1)?.body).toMatchObject({
      winner: 'B',
      method: 'fouls',
      dry_run: true,
    });
  });
});
