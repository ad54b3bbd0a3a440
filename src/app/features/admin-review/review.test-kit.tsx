import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { AccountClaim } from '../../../shared/name-claims.ts';
import type { SupermatchReviewItem } from '../../../shared/answers/review.ts';

/**
 * What the review queues' component tests share: items as the server sends
 * them, a fake server behind fetch whose answers a test can hold back, and a
 * render with a fresh query client. Not shipped: only the tests import it.
 */

export const ADMIN_EMAIL = 'admin@demo.armwrestling.test';

export function supermatchItem(over: Partial<SupermatchReviewItem> = {}): SupermatchReviewItem {
  return {
    id: 1,
    date: '2025-06-01',
    a_name: 'Ann Lee',
    b_name: 'Bob Ray',
    a_wins: 3,
    b_wins: 1,
    best_of: 5,
    winner: 'A',
    score: '3-1',
    hand: 'RH',
    weight_a: 198,
    weight_b: 220,
    location: 'Test Gym',
    notes: null,
    head_ref: null,
    down_ref: null,
    submitter: 'Casey Morrow',
    submitter_ip: '203.0.113.9',
    submitter_trust: 'trusted',
    created_at: '2025-06-02T10:00:00.000Z',
    status: 'pending',
    decided_by: null,
    decided_at: null,
    rating_effects: null,
    a_athlete_id: 11,
    b_athlete_id: 12,
    decisions: [],
    ...over,
  };
}

export function claimItem(over: Partial<AccountClaim> = {}): AccountClaim {
  return {
    id: 1,
    athleteName: 'Jordan Reyes',
    athleteId: 7,
    claimerName: 'Jordan Reyes',
    claimerEmail: 'athlete@demo.armwrestling.test',
    submittedAt: '2025-06-02T10:00:00.000Z',
    ip: '198.51.100.4',
    evidenceSummary: null,
    evidenceLinks: [],
    status: 'pending',
    decidedBy: null,
    decidedAt: null,
    decisions: [],
    ...over,
  };
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A promise the test settles when it wants: a server answer held back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fake API: `list` answers the GET (called again on each read), `decide`
 * answers a status POST (an Answer, or a promise of one to hold it back).
 */
export function fakeServer(handlers: {
  listPath: string;
  list: () => unknown;
  decide: (id: number, body: unknown) => Answer | Promise<Answer>;
}) {
  const calls = { lists: 0, posts: [] as { id: number; body: unknown; auth: string | null }[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('Authorization');
      if (url === `/api/v1${handlers.listPath}` && (init?.method ?? 'GET') === 'GET') {
        calls.lists += 1;
        return json({ status: 200, body: handlers.list() });
      }
      const m = new RegExp(`^/api/v1${handlers.listPath}/(\\d+)/status$`).exec(url);
      if (m && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as unknown;
        calls.posts.push({ id: Number(m[1]), body, auth });
        return json(await handlers.decide(Number(m[1]), body));
      }
      throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
    }),
  );
  return calls;
}

/** jsdom has no modal dialogs: open and close like a browser would, without the top layer. */
export function fakeDialogs() {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

export function renderWithClient(ui: ReactNode) {
  const client = createQueryClient();
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return client;
}
