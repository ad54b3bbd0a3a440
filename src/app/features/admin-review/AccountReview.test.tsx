// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideSessionToken } from '../../lib/api.ts';
import type { AccountClaim } from '../../../shared/name-claims.ts';
import { AccountReview } from './AccountReview.tsx';
import { STATUS_FAILED } from './review-texts.ts';
import { claimItem, deferred, fakeDialogs, fakeServer, renderWithClient, type Answer } from './review.test-kit.tsx';

vi.mock('../../auth/session.ts', () => import('./session.test-kit.ts'));
// The API client takes the session's token getter as the real session hands it in.
provideSessionToken(() => Promise.resolve('admin-token'));

let claims: AccountClaim[];
let decide: (id: number, body: unknown) => Answer | Promise<Answer>;
let calls: ReturnType<typeof fakeServer>;

beforeEach(() => {
  fakeDialogs();
  claims = [
    claimItem({
      id: 2,
      athleteName: 'Jordan Reyes',
      evidenceSummary: 'I won the 2024 state open.',
      evidenceLinks: ['https://example.org/results', 'javascript:alert(1)'],
    }),
    claimItem({ id: 1, athleteName: 'New Person', athleteId: null, claimerName: null, claimerEmail: null, ip: null }),
  ];
  decide = () => ({ status: 503, body: null });
  calls = fakeServer({
    listPath: '/admin/name-submissions',
    list: () => ({ name_submissions: claims }),
    decide: (id, body) => decide(id, body),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toggle = () => screen.getByRole('button', { name: /^Accounts/ });

async function openRow(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog', { name: `Verify ${name}` });
}

describe('the account queue', () => {
  it('lists the claims: date, athlete with ID or a dash, email or a dash', async () => {
    renderWithClient(<AccountReview />);
    await waitFor(() => expect(toggle()).toHaveTextContent('2 pending'));
    const rows = within(screen.getByRole('table', { name: 'Pending account claims' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Jordan Reyes');
    expect(rows[0]).toHaveTextContent('ID: 7');
    expect(rows[0]).toHaveTextContent('athlete@demo.armwrestling.test');
    expect(rows[0]).toHaveTextContent(/Jun \d+, 2025/);
    expect(rows[1]).toHaveTextContent('New Person');
    expect(rows[1]).not.toHaveTextContent('ID:');
    expect(within(rows[1]!).getAllByText('—')).toHaveLength(2);
  });

  it('names the filter chips and the panel as words, the count apart from the word', async () => {
    claims.push(
      claimItem({ id: 3, athleteName: 'Casey Morrow', status: 'approved' }),
      claimItem({ id: 4, athleteName: 'Sam Lindqvist', status: 'approved' }),
    );
    renderWithClient(<AccountReview />);
    const filter = await screen.findByRole('group', { name: 'Account claim status' });
    await waitFor(() => expect(within(filter).getByRole('button', { name: 'Approved, 2' })).toBeInTheDocument());
    expect(within(filter).getByRole('button', { name: 'Pending, 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filter).getByRole('button', { name: 'Denied, 0' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Accounts, 2 pending' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Accounts, 2 pending' })).toBeInTheDocument();
  });

  it('the modal: who claims, the details with the IP behind Reveal, the evidence as safe links', async () => {
    renderWithClient(<AccountReview />);
    const dialog = await openRow('Jordan Reyes');
    expect(dialog).toHaveTextContent('Claim by Jordan Reyes (athlete@demo.armwrestling.test)');
    const details = within(dialog).getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('ID: 7');
    expect(details).not.toHaveTextContent('198.51.100.4');
    fireEvent.click(within(details).getByRole('button', { name: 'Reveal IP address' }));
    expect(details).toHaveTextContent('198.51.100.4');
    const evidence = within(dialog).getByRole('region', { name: 'Evidence' });
    expect(evidence).toHaveTextContent('I won the 2024 state open.');
    const link = within(evidence).getByRole('link', { name: 'https://example.org/results' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Only http(s) addresses become links.
    expect(within(evidence).getAllByRole('link')).toHaveLength(1);
    expect(evidence).toHaveTextContent('javascript:alert(1)');
    expect(within(dialog).queryByRole('region', { name: 'Decision' })).toBeNull();
  });

  it('a claim without a name or email says so', async () => {
    renderWithClient(<AccountReview />);
    const dialog = await openRow('New Person');
    expect(dialog).toHaveTextContent('Claim by Unnamed account (no email)');
    expect(within(dialog).getByRole('region', { name: 'Evidence' })).toHaveTextContent('No links given.');
  });

  it('approving shows at once; a failure rolls back with the message and reloads', async () => {
    const answer = deferred<Answer>();
    decide = () => answer.promise;
    renderWithClient(<AccountReview />);
    const dialog = await openRow('Jordan Reyes');
    const listsBefore = calls.lists;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Approved', { selector: '.review-status' })).toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('button', { name: 'Approving…' })).toBeDisabled();
    expect(toggle()).toHaveTextContent('1 pending');
    expect(calls.posts[0]!.body).toEqual({ status: 'approved', expected_status: 'pending' });

    await act(async () => answer.resolve({ status: 503, body: null }));
    expect(await within(dialog).findByText(STATUS_FAILED)).toBeInTheDocument();
    expect(within(dialog).getByText('Pending', { selector: '.review-status' })).toBeInTheDocument();
    expect(toggle()).toHaveTextContent('2 pending');
    await waitFor(() => expect(calls.lists).toBeGreaterThan(listsBefore));
  });

  it('deny: Denying… while on its way, then the decision with its history', async () => {
    const answer = deferred<Answer>();
    decide = () => answer.promise;
    renderWithClient(<AccountReview />);
    const dialog = await openRow('Jordan Reyes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await within(dialog).findByRole('button', { name: 'Denying…' })).toBeDisabled();
    const decided: AccountClaim = {
      ...claims[0]!,
      status: 'denied',
      decidedBy: 'admin@demo.armwrestling.test',
      decidedAt: '2025-06-05T12:00:00.000Z',
      decisions: [
        {
          from: 'pending',
          to: 'denied',
          decided_by: 'admin@demo.armwrestling.test',
          decided_at: '2025-06-05T12:00:00.000Z',
        },
      ],
    };
    claims = [decided, claims[1]!];
    await act(async () => answer.resolve({ status: 200, body: { name_submission: decided } }));
    const decision = within(dialog).getByRole('region', { name: 'Decision' });
    await waitFor(() => expect(within(decision).getAllByRole('listitem')).toHaveLength(1));
    expect(decision).toHaveTextContent('admin@demo.armwrestling.test');
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('another admin decided meanwhile (409): their message, then the current state', async () => {
    decide = () => {
      const decided: AccountClaim = { ...claims[0]!, status: 'approved', decidedBy: 'other@demo.armwrestling.test' };
      claims = [decided, claims[1]!];
      return {
        status: 409,
        body: {
          error: {
            code: 'status_changed',
            message: 'This claim was approved by other@demo.armwrestling.test while you were looking.',
          },
          name_submission: decided,
        },
      };
    };
    renderWithClient(<AccountReview />);
    const dialog = await openRow('Jordan Reyes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(
      await within(dialog).findByText(/approved by other@demo.armwrestling.test while you were looking/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByText('Approved', { selector: '.review-status' })).toBeInTheDocument(),
    );
  });
});
