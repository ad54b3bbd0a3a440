// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideSessionToken } from '../../lib/api.ts';
import type { SupermatchReviewItem } from '../../../shared/answers/review.ts';
import { leaderboardKeys } from '../../lib/leaderboard-api.ts';
import { RATINGS_NOT_APPLIED, STATUS_FAILED } from './review-texts.ts';
import {
  ADMIN_EMAIL,
  deferred,
  fakeDialogs,
  fakeServer,
  renderWithClient,
  supermatchItem,
  type Answer,
} from './review.test-kit.tsx';
import { SupermatchReview } from './SupermatchReview.tsx';

vi.mock('../../auth/session.ts', () => import('./session.test-kit.ts'));
// The API client takes the session's token getter as the real session hands it in.
provideSessionToken(() => Promise.resolve('admin-token'));

let items: SupermatchReviewItem[];
let decide: (id: number, body: unknown) => Answer | Promise<Answer>;
let calls: ReturnType<typeof fakeServer>;

beforeEach(() => {
  fakeDialogs();
  items = [
    supermatchItem({
      id: 3,
      a_name: 'Cara Diaz',
      b_name: 'Dee Fox',
      winner: 'B',
      hand: 'LH',
      a_wins: 0,
      b_wins: 3,
      score: null,
      submitter: '',
      submitter_trust: 'anonymous',
    }),
    supermatchItem({ id: 2, a_name: 'Eli Gray', b_name: 'Finn Hale', submitter_trust: 'flagged' }),
    supermatchItem({
      id: 1,
      status: 'approved',
      decided_by: 'other@demo.armwrestling.test',
      decided_at: '2025-06-03T09:00:00.000Z',
      rating_effects: {
        applied: true,
        hand: 'RH',
        a: { name: 'Ann Lee', before: 20.25, after: 22.5, delta: 2.25 },
        b: { name: 'Bob Ray', before: 18, after: 16.9, delta: -1.1 },
        error: null,
      },
      decisions: [
        {
          from: 'pending',
          to: 'approved',
          decided_by: 'other@demo.armwrestling.test',
          decided_at: '2025-06-03T09:00:00.000Z',
          rating_effects: null,
        },
      ],
    }),
  ];
  decide = () => ({ status: 500, body: { error: { code: 'internal', message: 'boom' } } });
  calls = fakeServer({
    listPath: '/admin/supermatches',
    list: () => ({ supermatches: items }),
    decide: (id, body) => decide(id, body),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toggle = () => screen.getByRole('button', { name: /^Supermatches/ });
const table = () => screen.getByRole('table', { name: /supermatches$/ });
const rowButton = (name: string) => within(table()).getByRole('button', { name });
const chip = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

async function openRow(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog', { name });
}

describe('the supermatch queue', () => {
  it('shows the pending count, the filter with counts, and the pending rows newest first', async () => {
    renderWithClient(<SupermatchReview />);
    await waitFor(() => expect(toggle()).toHaveTextContent('2 pending'));
    expect(chip('Pending')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Pending')).toHaveTextContent('Pending2');
    expect(chip('Approved')).toHaveTextContent('Approved1');
    expect(chip('Denied')).toHaveTextContent('Denied0');

    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // Winner first, the hand chip, the score high-low (3-0 when none was given), Anonymous for a blank name.
    expect(rows[0]).toHaveTextContent('Dee Fox vs Cara Diaz');
    expect(rows[0]).toHaveTextContent('Left Hand');
    expect(rows[0]).toHaveTextContent('3-0');
    expect(within(rows[0]!).getByRole('img', { name: 'Anonymous' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Anonymous', { selector: 'td' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Eli Gray vs Finn Hale');
    expect(rows[1]).toHaveTextContent('Right Hand');
    expect(rows[1]).toHaveTextContent('3-1');
    expect(within(rows[1]!).getByRole('img', { name: 'Flagged' })).toBeInTheDocument();

    fireEvent.click(chip('Denied'));
    expect(screen.getByText('No denied supermatches.')).toBeInTheDocument();
    fireEvent.click(chip('Approved'));
    expect(rowButton('Ann Lee vs Bob Ray')).toBeInTheDocument();
  });

  it('a decided result shows its sections: reported result, rating effects, submission info with the IP hidden, decision', async () => {
    renderWithClient(<SupermatchReview />);
    fireEvent.click(await screen.findByRole('button', { name: /^Approved/ }));
    const dialog = await openRow('Ann Lee vs Bob Ray');
    expect(within(dialog).getByText('198 lbs vs 220 lbs', { selector: 'span' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Reported Result' })).toHaveTextContent('Test Gym');
    const effects = within(dialog).getByRole('region', { name: 'Rating Effects' });
    expect(effects).toHaveTextContent('Right Hand');
    expect(within(effects).getByRole('row', { name: /Ann Lee/ })).toHaveTextContent('20.3 → to 22.5+2.2');
    expect(within(effects).getByRole('row', { name: /Bob Ray/ })).toHaveTextContent('18.0 → to 16.9\u22121.1');

    const info = within(dialog).getByRole('region', { name: 'Submission Info' });
    expect(info).toHaveTextContent('Casey Morrow');
    expect(info).toHaveTextContent('(Trusted)');
    expect(info).not.toHaveTextContent('203.0.113.9');
    fireEvent.click(within(info).getByRole('button', { name: 'Reveal IP address' }));
    expect(info).toHaveTextContent('203.0.113.9');

    const decision = within(dialog).getByRole('region', { name: 'Decision' });
    expect(decision).toHaveTextContent('other@demo.armwrestling.test');
    expect(within(decision).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('a pending result has no Decision section and says the ratings were not applied', async () => {
    renderWithClient(<SupermatchReview />);
    const dialog = await openRow('Eli Gray vs Finn Hale');
    expect(within(dialog).getByText(RATINGS_NOT_APPLIED)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Decision' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('approving shows at once; a failure puts the old status back with the message, and the list reloads', async () => {
    const answer = deferred<Answer>();
    decide = () => answer.promise;
    renderWithClient(<SupermatchReview />);
    const dialog = await openRow('Eli Gray vs Finn Hale');
    expect(within(dialog).getByText('Pending', { selector: '.review-status' })).toBeInTheDocument();
    const listsBefore = calls.lists;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // Optimistic: the modal and the counts show the decision before the server answers.
    await waitFor(() =>
      expect(within(dialog).getByText('Approved', { selector: '.review-status' })).toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('button', { name: 'Approving…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toBeDisabled();
    expect(toggle()).toHaveTextContent('1 pending');
    expect(within(dialog).getByRole('region', { name: 'Decision' })).toHaveTextContent(ADMIN_EMAIL);
    expect(calls.posts).toEqual([
      { id: 2, body: { status: 'approved', expected_status: 'pending' }, auth: 'Bearer admin-token' },
    ]);

    await act(async () => answer.resolve({ status: 500, body: { error: { code: 'internal', message: 'boom' } } }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STATUS_FAILED);
    expect(within(dialog).getByText('Pending', { selector: '.review-status' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(toggle()).toHaveTextContent('2 pending');
    await waitFor(() => expect(calls.lists).toBeGreaterThan(listsBefore));
  });

  it('a success keeps the server’s answer and refreshes the queue and the leaderboards', async () => {
    decide = (id) => {
      const item = items.find((i) => i.id === id)!;
      const decided = {
        ...item,
        status: 'denied' as const,
        decided_by: ADMIN_EMAIL,
        decided_at: '2025-06-04T08:00:00.000Z',
      };
      items = items.map((i) => (i.id === id ? decided : i));
      return { status: 200, body: { supermatch: decided, rating_effects: null } };
    };
    const client = renderWithClient(<SupermatchReview />);
    client.setQueryData(leaderboardKeys.bySex('M'), { classes: [], ranks: { LH: [], RH: [] } });
    const dialog = await openRow('Eli Gray vs Finn Hale');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Deny' })).toBeDisabled());
    await waitFor(() => expect(client.getQueryState(leaderboardKeys.bySex('M'))?.isInvalidated).toBe(true));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('');
    expect(within(dialog).getByText('Denied', { selector: '.review-status' })).toBeInTheDocument();
    // The row left the Pending filter; the modal stays on the item until closed.
    expect(within(table()).queryByRole('button', { name: 'Eli Gray vs Finn Hale' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(chip('Denied')).toHaveTextContent('Denied1');
  });

  it('decided meanwhile (409): the server’s message, and the reloaded state', async () => {
    decide = (id) => {
      const item = items.find((i) => i.id === id)!;
      const decided = {
        ...item,
        status: 'denied' as const,
        decided_by: 'other@demo.armwrestling.test',
        decided_at: '2025-06-04T08:00:00.000Z',
      };
      items = items.map((i) => (i.id === id ? decided : i));
      const message =
        'This result was denied by other@demo.armwrestling.test while you were looking. Check it again before deciding.';
      return { status: 409, body: { error: { code: 'status_changed', message }, supermatch: decided } };
    };
    renderWithClient(<SupermatchReview />);
    const dialog = await openRow('Eli Gray vs Finn Hale');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText(/was denied by other@demo.armwrestling.test while you were looking/),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('Denied', { selector: '.review-status' })).toBeInTheDocument());
    expect(within(dialog).getByRole('region', { name: 'Decision' })).toHaveTextContent('other@demo.armwrestling.test');
  });
});

describe('a name that is no athlete yet', () => {
  beforeEach(() => {
    items = [supermatchItem({ id: 5, a_name: 'Ann Lee', b_name: 'Newt Stone', b_athlete_id: null })];
  });

  it('asks for the new athlete’s sex before Approve is enabled, and sends it with weight and club', async () => {
    decide = () => {
      items = [{ ...items[0]!, status: 'approved', b_athlete_id: 99 }];
      return { status: 200, body: { supermatch: items[0], rating_effects: null } };
    };
    renderWithClient(<SupermatchReview />);
    const dialog = await openRow('Ann Lee vs Newt Stone');
    const group = within(dialog).getByRole('group', { name: 'New athlete: Newt Stone' });
    const approve = within(dialog).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('Choose Men or Women for each new athlete to approve this result.');
    // Deny needs nothing about the new name.
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toBeEnabled();

    fireEvent.click(within(group).getByRole('radio', { name: 'Women' }));
    fireEvent.change(within(group).getByLabelText('Weight (optional)'), { target: { value: '0145lb' } });
    expect(within(group).getByLabelText('Weight (optional)')).toHaveValue('145');
    fireEvent.change(within(group).getByLabelText('Club (optional)'), { target: { value: ' Iron Grip ' } });
    expect(approve).toBeEnabled();
    fireEvent.click(approve);
    await waitFor(() => expect(calls.posts).toHaveLength(1));
    expect(calls.posts[0]!.body).toEqual({
      status: 'approved',
      expected_status: 'pending',
      athletes: { b: { sex: 'F', weight: 145, club: 'Iron Grip' } },
    });
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'New athlete: Newt Stone' })).toBeNull());
  });

  it('a weight the rules refuse is named beside the field and nothing is sent', async () => {
    renderWithClient(<SupermatchReview />);
    const dialog = await openRow('Ann Lee vs Newt Stone');
    const group = within(dialog).getByRole('group', { name: 'New athlete: Newt Stone' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Men' }));
    fireEvent.change(within(group).getByLabelText('Weight (optional)'), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(group).getByLabelText('Weight (optional)')).toHaveAccessibleDescription('A weight of at most 1000.');
    expect(calls.posts).toEqual([]);
  });

  it('the server’s field error (422) shows beside the field it names', async () => {
    decide = () => ({
      status: 422,
      body: {
        error: {
          code: 'new_athlete',
          message: 'Say who the new athletes are before approving.',
          fields: { 'athletes.b.sex': ['Newt Stone is a new athlete: choose men or women.'] },
        },
      },
    });
    renderWithClient(<SupermatchReview />);
    const dialog = await openRow('Ann Lee vs Newt Stone');
    const group = within(dialog).getByRole('group', { name: 'New athlete: Newt Stone' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Men' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Newt Stone is a new athlete: choose men or women.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say who the new athletes are before approving.');
    expect(within(dialog).getByText('Pending', { selector: '.review-status' })).toBeInTheDocument();
  });
});

describe('keyboard', () => {
  beforeEach(() => {
    items = [1, 2, 3].map((id) => supermatchItem({ id, a_name: `Winner ${id}`, b_name: `Loser ${id}` }));
  });

  it('the rows take one Tab stop; arrows and j/k move between them; Home and End; the row’s button opens', async () => {
    renderWithClient(<SupermatchReview />);
    const first = await screen.findByRole('button', { name: 'Winner 1 vs Loser 1' });
    const second = rowButton('Winner 2 vs Loser 2');
    const third = rowButton('Winner 3 vs Loser 3');
    expect([first, second, third].map((b) => b.tabIndex)).toEqual([0, -1, -1]);

    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(second).toHaveFocus();
    expect([first, second, third].map((b) => b.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(second, { key: 'j' });
    expect(third).toHaveFocus();
    fireEvent.keyDown(third, { key: 'j' });
    expect(third).toHaveFocus();
    fireEvent.keyDown(third, { key: 'k' });
    expect(second).toHaveFocus();
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    expect(first).toHaveFocus();
    fireEvent.keyDown(first, { key: 'End' });
    expect(third).toHaveFocus();
    fireEvent.keyDown(third, { key: 'Home' });
    expect(first).toHaveFocus();
    // A modifier leaves the key to the browser.
    fireEvent.keyDown(first, { key: 'j', ctrlKey: true });
    expect(first).toHaveFocus();

    // Enter on a button is its click.
    fireEvent.keyDown(second, { key: 'ArrowDown' });
    fireEvent.click(second);
    expect(screen.getByRole('dialog', { name: 'Winner 2 vs Loser 2' })).toBeInTheDocument();
  });

  it('a click anywhere on a row opens it and puts focus on its button', async () => {
    renderWithClient(<SupermatchReview />);
    await screen.findByRole('button', { name: 'Winner 3 vs Loser 3' });
    const row = rowButton('Winner 3 vs Loser 3').closest('tr')!;
    fireEvent.click(within(row).getByText('3-1'));
    expect(rowButton('Winner 3 vs Loser 3')).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Winner 3 vs Loser 3' })).toBeInTheDocument();
  });
});

describe('loading', () => {
  it('a failed load says so and offers Try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))),
    );
    renderWithClient(<SupermatchReview />);
    expect(await screen.findByText('Could not load the supermatches.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('an empty queue reads well', async () => {
    items = [];
    renderWithClient(<SupermatchReview />);
    expect(await screen.findByText('No supermatches waiting for review.')).toBeInTheDocument();
    expect(toggle()).toHaveTextContent('0 pending');
  });
});
