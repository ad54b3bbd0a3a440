// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { markFirstContent } from './first-content.ts';
import { useLiveTournament } from './live-tournament.ts';
import { tournamentKeys } from './tournament-keys.ts';

/** An EventSource that opens when told to, remembering the addresses asked for. */
class FakeSource {
  static made: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener() {}
  close() {}
}

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeAll(markFirstContent);
beforeEach(() => {
  FakeSource.made = [];
  vi.stubGlobal('EventSource', FakeSource);
  client = new QueryClient();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useLiveTournament', () => {
  it('says the version it holds, and does not read a current tournament again when the stream opens', async () => {
    client.setQueryData(tournamentKeys.detail(7), { version: 41 });
    renderHook(() => useLiveTournament(7), { wrapper });
    await waitFor(() => expect(FakeSource.made).toHaveLength(1));
    const source = FakeSource.made[0]!;
    expect(source.url).toBe('/api/v1/tournaments/7/live?since=41');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    source.onopen!();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('with nothing read yet, reads once the stream opens (nothing announces what changed before)', async () => {
    renderHook(() => useLiveTournament(7), { wrapper });
    await waitFor(() => expect(FakeSource.made).toHaveLength(1));
    const source = FakeSource.made[0]!;
    expect(source.url).toBe('/api/v1/tournaments/7/live');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    source.onopen!();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: tournamentKeys.detail(7) });
  });
});
