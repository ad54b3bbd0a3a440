// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideSessionToken } from '../../lib/api.ts';
import { ANALYTICS_FAILED, LivestreamAnalytics } from './LivestreamAnalytics.tsx';

// The API client's bearer token, as the signed-in session hands it in (lib/api.ts).
provideSessionToken(() => Promise.resolve('token-1'));

const SUMMARY = {
  opens: 1234,
  closes: 10,
  unique_ips: 7,
  unique_sessions: 9,
  avg_open_ms: 45_000,
  avg_watch_ms: 30_500,
  total_watch_ms: 150_000,
  since_hours: 168,
};

/** The answers the summary endpoint gives, one per call, in order. */
let answers: (number | 'network')[];
let calls: { url: string; at: number; auth: string | null }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, at: Date.now(), auth: new Headers(init?.headers).get('Authorization') });
      const status = answers.shift() ?? 500;
      if (status === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      const body = status === 200 ? SUMMARY : { error: { code: 'server_error', message: 'Boom.' } };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LivestreamAnalytics />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toggle = () => screen.getByRole('button', { name: 'Livestream Analytics' });
const stat = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement!).getByRole('definition');
};

describe('Livestream Analytics', () => {
  it('reads nothing until first opened, then the summary with the token, at the path beside /api/v1', async () => {
    answers = [200];
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toHaveLength(0);
    fireEvent.click(toggle());
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(calls.map(({ url, auth }) => ({ url, auth }))).toEqual([
      { url: '/api/analytics-summary?since_hours=168', auth: 'Bearer token-1' },
    ]);
    expect(stat('Opens')).toHaveTextContent('1,234');
    expect(stat('Views (unique sessions)')).toHaveTextContent('9');
    expect(stat('Avg Open')).toHaveTextContent('45,000 ms');
    expect(stat('Avg Watch')).toHaveTextContent('30,500 ms');
    expect(stat('Total Watch')).toHaveTextContent('150,000 ms (2.5 min)');
    expect(stat('Window')).toHaveTextContent('Last 168 h');
    expect(screen.getByRole('link', { name: 'Open raw API link' })).toHaveAttribute(
      'href',
      '/api/analytics-summary?since_hours=168',
    );
    // Closing and opening again does not read again: Fetch Summary does.
    fireEvent.click(toggle());
    fireEvent.click(toggle());
    expect(calls).toHaveLength(1);
  });

  it('a failed read is tried once more after 350 ms, and the second answer is shown', async () => {
    answers = [500, 200];
    fireEvent.click(toggle());
    expect(await screen.findByRole('button', { name: 'Fetching…' })).toBeDisabled();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(340);
    expect(screen.queryByText(ANALYTICS_FAILED)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fetch Summary' })).toBeEnabled();
  });

  it('two failures say Failed to fetch summary. and stop there', async () => {
    answers = [500, 'network'];
    fireEvent.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent(ANALYTICS_FAILED);
    expect(calls).toHaveLength(2);
    expect(stat('Opens')).toHaveTextContent('—');
    // Fetch Summary tries again and the message goes with the numbers' arrival.
    answers = [200];
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Summary' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hours out of range become 1 to 8760, in the request, the field and the raw link', async () => {
    answers = [200, 200];
    fireEvent.click(toggle());
    await screen.findByText('1,234');
    const hours = screen.getByLabelText('Since (hours)');
    expect(hours).toHaveAttribute('min', '1');
    expect(hours).toHaveAttribute('max', '8760');
    fireEvent.change(hours, { target: { value: '99999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Summary' }));
    expect(hours).toHaveValue(8760);
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/analytics-summary?since_hours=8760'));
    expect(screen.getByRole('link', { name: 'Open raw API link' })).toHaveAttribute(
      'href',
      '/api/analytics-summary?since_hours=8760',
    );
  });
});
