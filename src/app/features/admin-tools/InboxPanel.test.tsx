// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideSessionToken } from '../../lib/api.ts';
import type { InboxItem } from '../../../shared/inbox.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { InboxPanel, MARK_FAILED, type EventPrefill } from './InboxPanel.tsx';

// The API client's bearer token, as the signed-in session hands it in (lib/api.ts).
provideSessionToken(() => Promise.resolve('token-1'));
vi.mock('../../auth/use-session.ts', () => ({ useSessionUser: () => ({ sub: 'admin-1' }) }));

const base = { submitter: 'Anonymous', submitter_ip: '203.0.113.9', handled_at: null, handled_by: null };
const ITEMS: InboxItem[] = [
  {
    ...base,
    kind: 'feedback',
    id: 4,
    created_at: '2025-06-04T10:00:00Z',
    text: 'Love the new boards',
    submitter: 'Pat',
  },
  {
    ...base,
    kind: 'event',
    id: 3,
    created_at: '2025-06-03T10:00:00Z',
    name: 'Garage Pull Night',
    location: 'Eastport',
    date: '2025-06-01',
    details: 'Bring chalk',
    link: 'https://example.test/pull',
  },
  {
    ...base,
    kind: 'club',
    id: 2,
    created_at: '2025-06-02T10:00:00Z',
    name: 'Iron Grip Club',
    city: 'Bangor',
    region: 'ME',
    leaders: 'Sam',
    training: null,
    founded: 2019,
    out_of_state: false,
    members_count: 12,
    avg_practice_size: null,
    image_url: null,
    website: null,
    desc: null,
    notes: null,
  },
  {
    ...base,
    kind: 'event',
    id: 1,
    created_at: '2025-06-01T10:00:00Z',
    name: 'Old Handled Event',
    location: 'Portland',
    date: '2025-05-01',
    details: null,
    link: null,
    handled_at: '2025-06-02T00:00:00Z',
    handled_by: 'admin@demo.armwrestling.test',
  },
];

let items: InboxItem[];
let refuse: boolean;
let posts: { url: string; body: unknown }[];
let onCreateEvent: ReturnType<typeof vi.fn<(prefill: EventPrefill) => void>>;

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  items = structuredClone(ITEMS);
  refuse = false;
  posts = [];
  onCreateEvent = vi.fn<(prefill: EventPrefill) => void>();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (new Headers(init?.headers).get('Authorization') !== 'Bearer token-1') return json(401, {});
      if (url === '/api/v1/admin/inbox') return json(200, { items });
      const m = /^\/api\/v1\/admin\/inbox\/(\w+)\/(\d+)\/handled$/.exec(url);
      if (m && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { handled: boolean };
        posts.push({ url, body });
        if (refuse) return json(500, { error: { code: 'server_error', message: 'Boom.' } });
        const item = items.find((i) => i.kind === m[1] && i.id === Number(m[2]))!;
        item.handled_at = body.handled ? '2025-06-05T00:00:00Z' : null;
        item.handled_by = body.handled ? 'admin@demo.armwrestling.test' : null;
        return json(200, { item });
      }
      return Promise.reject(new Error(`unexpected ${url}`));
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <InboxPanel onCreateEvent={onCreateEvent} />
      </ToastProvider>
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const chip = (name: RegExp) => screen.getByRole('button', { name });
const entry = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;

describe('the inbox', () => {
  it('lists the open items of every kind, newest first, with the open count in the header', async () => {
    await waitFor(() => expect(titles()).toEqual(['Feedback from Pat', 'Garage Pull Night', 'Iron Grip Club']));
    expect(screen.getByRole('button', { name: /^Inbox/ })).toHaveTextContent('3 open');
    expect(chip(/^All/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^Event submissions/)).toHaveTextContent('Event submissions (1)');
    expect(within(entry('Garage Pull Night')).getByText('Bring chalk')).toBeInTheDocument();
    expect(within(entry('Iron Grip Club')).getByText('Bangor')).toBeInTheDocument();
    expect(within(entry('Feedback from Pat')).getByText('Love the new boards')).toBeInTheDocument();
  });

  it('filters by kind, and Show handled brings the handled ones back with Reopen', async () => {
    await screen.findByText('Garage Pull Night');
    fireEvent.click(chip(/^Club submissions/));
    expect(chip(/^Club submissions/)).toHaveAttribute('aria-pressed', 'true');
    expect(titles()).toEqual(['Iron Grip Club']);
    fireEvent.click(chip(/^Feedback/));
    expect(titles()).toEqual(['Feedback from Pat']);
    fireEvent.click(chip(/^Event submissions/));
    expect(titles()).toEqual(['Garage Pull Night']);
    fireEvent.click(screen.getByLabelText('Show handled'));
    expect(titles()).toEqual(['Garage Pull Night', 'Old Handled Event']);
    expect(chip(/^Event submissions/)).toHaveTextContent('Event submissions (2)');
    const handled = entry('Old Handled Event');
    expect(within(handled).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(handled).toHaveTextContent('Handled by admin@demo.armwrestling.test');
  });

  it('Mark handled sends it and hides the item; Reopen brings it back', async () => {
    await screen.findByText('Garage Pull Night');
    fireEvent.click(within(entry('Garage Pull Night')).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(titles()).toEqual(['Feedback from Pat', 'Iron Grip Club']));
    expect(posts).toEqual([{ url: '/api/v1/admin/inbox/event/3/handled', body: { handled: true } }]);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Inbox/ })).toHaveTextContent('2 open'));
    fireEvent.click(screen.getByLabelText('Show handled'));
    fireEvent.click(within(entry('Garage Pull Night')).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({ url: '/api/v1/admin/inbox/event/3/handled', body: { handled: false } }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: /^Inbox/ })).toHaveTextContent('3 open'));
  });

  it('a refused mark puts the item back and says so', async () => {
    await screen.findByText('Iron Grip Club');
    refuse = true;
    fireEvent.click(within(entry('Iron Grip Club')).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText(MARK_FAILED)).toBeInTheDocument();
    await waitFor(() => expect(titles()).toContain('Iron Grip Club'));
    expect(posts).toHaveLength(1);
  });

  it('Create event hands the submission over as the new event’s prefill', async () => {
    await screen.findByText('Garage Pull Night');
    expect(within(entry('Iron Grip Club')).queryByRole('button', { name: 'Create event' })).toBeNull();
    fireEvent.click(within(entry('Garage Pull Night')).getByRole('button', { name: 'Create event' }));
    expect(onCreateEvent).toHaveBeenCalledWith({
      name: 'Garage Pull Night',
      location: 'Eastport',
      date: '2025-06-01',
      about: 'Bring chalk',
      link: 'https://example.test/pull',
    });
  });
});
