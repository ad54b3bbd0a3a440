// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allEntries, deleteEntry } from '../../../../shared/outbox/store.ts';
import { IDB } from '../../../../shared/storage-names.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { jsonAnswer, type SentRequest, stubServer } from '../common/server.test-kit.ts';
import { playedCategory, testTournament } from '../common/tournament.test-kit.ts';
import { ToastProvider } from '../../../ui/toast.tsx';
import { REFUSED_TEXT, TableScreen } from './TableScreen.tsx';

vi.mock('../../../auth/session.ts', () => ({
  getAccessToken: () => Promise.resolve(null),
  getSessionUser: () => null,
}));

type Call = SentRequest;
let calls: Call[];
let tournament: Tournament;
/** The server's answer to a call; undefined: the default; 'offline': the network fails. */
let answer: (call: Call) => Response | 'offline' | undefined;
const json = jsonAnswer;
const device = { tournament_id: 7, tournament_name: 'Friday Night Pulls Open', table: 2, expires_at: null };

// jsdom has no modal dialogs: open and close like a browser would, without the top layer.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

beforeEach(async () => {
  for (const e of await allEntries()) await deleteEntry(e.id);
  // A fresh device: nothing kept of a key, who it is, or the marks.
  await clear(createStore(IDB.tableDevice.database, IDB.tableDevice.store));
  answer = () => undefined;
  // Four athletes at table 2, nothing pulled yet: W1-1 (4 v 3) and W1-2 (2 v 1) are ready; another table's too.
  tournament = testTournament([
    { ...playedCategory(1, 4, 0), table: 2 },
    { ...playedCategory(3, 4, 0), table: 5 },
  ]);
  calls = stubServer((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.url === '/api/v1/table') return json(200, device);
    if (call.url === `/api/v1/tournaments/${tournament.id}`) return json(200, tournament);
    return json(200, {});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(linkKey: string | undefined = 'secret-2', onKeyKept = () => undefined) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <TableScreen linkKey={linkKey} onKeyKept={onKeyKept} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const nowPulling = () => screen.getByRole('region', { name: 'Now pulling' });
const findNowPulling = () => screen.findByRole('region', { name: 'Now pulling' });
const results = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/result'));

async function win(name: string) {
  fireEvent.click(await within(await findNowPulling()).findByRole('button', { name: `${name} wins` }));
  const dialog = await screen.findByRole('dialog', { name: `${name} wins` });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('the table screen', () => {
  it("keeps the link's key, says which table it is and shows its call queue with clubs and category", async () => {
    const kept = vi.fn();
    open('secret-2', kept);
    expect(await screen.findByRole('heading', { name: 'Table 2' })).toBeInTheDocument();
    await waitFor(() => expect(kept).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/v1/table')?.auth).toBe('Table secret-2');
    const now = await screen.findByRole('region', { name: 'Now pulling' });
    expect(await within(now).findByRole('button', { name: 'Athlete 4 wins' })).toBeInTheDocument();
    expect(within(now).getByRole('button', { name: 'Athlete 3 wins' })).toBeInTheDocument();
    expect(within(now).getByText('Iron Grip')).toBeInTheDocument();
    expect(within(now).getByText(/Men · Right Hand/)).toBeInTheDocument();
    const deck = screen.getByRole('region', { name: 'On deck' });
    expect(within(deck).getByText('Athlete 2')).toBeInTheDocument();
    expect(within(deck).getByText('Athlete 1')).toBeInTheDocument();
    // Table 5's category is not this table's: nothing else is in the queue.
    expect(screen.queryByRole('region', { name: 'In the hole' })).not.toBeInTheDocument();

    // A restart without the address: the key was kept on the device.
    cleanup();
    open(undefined);
    expect(await screen.findByRole('heading', { name: 'Table 2' })).toBeInTheDocument();
  });

  it('records in two taps with the table key, and the queue moves on', async () => {
    open();
    await win('Athlete 4');
    await waitFor(() => expect(results()).toHaveLength(1));
    expect(results()[0]).toMatchObject({
      url: `/api/v1/tournaments/7/matches/1000/result`,
      auth: 'Table secret-2',
      body: { winner: 'A', method: 'pin', warnings_a: 0, fouls_b: 0 },
    });
    await waitFor(() =>
      expect(within(nowPulling()).getByRole('button', { name: 'Athlete 2 wins' })).toBeInTheDocument(),
    );
  });

  it('a match called and then recorded can be taken back until the next match is called', async () => {
    // Offline, so the result stays on the device (this stand-in server would not keep it).
    answer = (c) => (c.method === 'POST' ? 'offline' : undefined);
    open();
    fireEvent.click(within(await findNowPulling()).getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('timer', { name: 'Call clock' })).toBeInTheDocument();
    await win('Athlete 4');
    await waitFor(() => expect(screen.getByText(/^1 result waiting since \d/)).toBeInTheDocument());
    // The call belonged to the match just recorded: the next one has not started, so Undo stays.
    await waitFor(() =>
      expect(within(nowPulling()).getByRole('button', { name: 'Athlete 2 wins' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    fireEvent.click(within(nowPulling()).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
  });

  it('offline: results wait in order, the queue advances locally, and the screen says how many wait', async () => {
    answer = (c) => (c.method === 'POST' ? 'offline' : undefined);
    open();
    await win('Athlete 4');
    await waitFor(() => expect(screen.getByText(/^1 result waiting since \d/)).toBeInTheDocument());
    await win('Athlete 2');
    await waitFor(() => expect(screen.getByText(/^2 results waiting since \d/)).toBeInTheDocument());
    // Losers' round 1 (3 v 1) comes from the two results the server does not have yet.
    await waitFor(() =>
      expect(within(nowPulling()).getByRole('button', { name: 'Athlete 1 wins' })).toBeInTheDocument(),
    );
    expect(within(nowPulling()).getByRole('button', { name: 'Athlete 3 wins' })).toBeInTheDocument();
    expect((await allEntries()).map((e) => e.state)).toEqual(['waiting', 'waiting']);

    // Undo takes the last one back out of the outbox.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByText(/^1 result waiting since/)).toBeInTheDocument());
    expect(await allEntries()).toHaveLength(1);
  });

  it('the second foul ends the match as a loss by fouls, after a confirm; marks and call survive a reload', async () => {
    open();
    const foul = await within(await findNowPulling()).findByRole('button', { name: 'Foul for Athlete 3' });
    fireEvent.click(within(nowPulling()).getByRole('button', { name: 'Warning for Athlete 4' }));
    fireEvent.click(foul);
    expect(await within(nowPulling()).findByText('0 warnings · 1 foul')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('timer', { name: 'Call clock' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(await import('./table-store.ts').then((m) => m.readMarks())).toMatchObject({ fouls_b: 1 }),
    );

    cleanup();
    open(undefined);
    expect(
      await within(await screen.findByRole('region', { name: 'Now pulling' })).findByText('0 warnings · 1 foul'),
    ).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Call clock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    fireEvent.click(within(nowPulling()).getByRole('button', { name: 'Foul for Athlete 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Athlete 4 wins on fouls' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(results()).toHaveLength(1));
    expect(results()[0]!.body).toMatchObject({ winner: 'A', method: 'fouls', fouls_b: 2, warnings_a: 1 });
  });

  it("a 409 shows the server's result for that match and the queue follows the server", async () => {
    answer = (c) =>
      c.method === 'POST' && c.url.endsWith('/result')
        ? json(409, { error: { code: 'already_decided', message: 'This match already has a different result.' } })
        : undefined;
    open();
    await within(await findNowPulling()).findByText('Athlete 4');
    // The head table recorded W1-1 for Athlete 3 meanwhile; this device still shows it ready.
    const decided = structuredClone(tournament);
    Object.assign(decided.categories[0]!.matches[0]!, { status: 'done', winner: 'B', method: 'pin' });
    tournament = decided;
    await win('Athlete 4');
    const refused = await screen.findByRole('region', { name: 'Refused by the server' });
    expect(within(refused).getByText(/This match already has a different result/)).toBeInTheDocument();
    expect(await within(refused).findByText('The server has: Athlete 3 beat Athlete 4 (Pin).')).toBeInTheDocument();
    // Re-planned from the server's state: W1-2 is pulled now, and nothing waits.
    await waitFor(() =>
      expect(within(nowPulling()).getByRole('button', { name: 'Athlete 2 wins' })).toBeInTheDocument(),
    );
    expect(screen.getByText('Every result is delivered.')).toBeInTheDocument();
    fireEvent.click(within(refused).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Refused by the server' })).not.toBeInTheDocument(),
    );
  });

  it('a new key says it is opening while it asks who it is, and what it needs once the server cannot be reached', async () => {
    let reach: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (reach = resolve));
    let asked = false;
    vi.mocked(fetch).mockImplementationOnce(async () => {
      asked = true;
      await reached;
      throw new TypeError('Failed to fetch');
    });
    open('new-key');
    // The key is kept and the server asked; no answer yet.
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.getByText('Opening the table…')).toBeInTheDocument();
    expect(screen.queryByText(/needs a connection once/)).not.toBeInTheDocument();
    reach();
    expect(
      await screen.findByText(/This device needs a connection once to learn which table it is/),
    ).toBeInTheDocument();
  });

  it('a revoked or wrong key says so and offers nothing to record', async () => {
    answer = (c) =>
      c.url === '/api/v1/table' ? json(401, { error: { code: 'unauthorized', message: 'No.' } }) : undefined;
    open('wrong');
    expect(await screen.findByText(REFUSED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
