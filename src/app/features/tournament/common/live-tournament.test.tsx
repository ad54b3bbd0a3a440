// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { markFirstContent } from '../../../lib/first-content.ts';
import { useLiveTournament } from './live-tournament.ts';
import { tournamentKeys } from './tournament-keys.ts';

/** An EventSource that opens when told to, remembering the addresses asked for. */
class FakeSource {
  static made: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners: ((event: MessageEvent) => void)[] = [];
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(_type: string, listener: (event: MessageEvent) => void) {
    this.listeners.push(listener);
  }
  /** The server's `event: change` with `id: {version}`. */
  change(version: number) {
    for (const l of this.listeners) l(new MessageEvent('change', { lastEventId: String(version) }));
  }
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

/** The hook on tournament 7, once its stream is made (after the first content): that stream. */
async function openStream(): Promise<FakeSource> {
  renderHook(() => useLiveTournament(7), { wrapper });
  await waitFor(() => expect(FakeSource.made).toHaveLength(1));
  return FakeSource.made[0]!;
}

describe('useLiveTournament', () => {
  it('says the version it holds, and does not read a current tournament again when the stream opens', async () => {
    client.setQueryData(tournamentKeys.detail(7), { version: 41 });
    const source = await openStream();
    expect(source.url).toBe('/api/v1/tournaments/7/live?since=41');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    source.onopen!();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reads again on reconnecting when the read of a change the stream named did not arrive', async () => {
    client.setQueryData(tournamentKeys.detail(7), { version: 41 });
    const source = await openStream();
    source.onopen!();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    source.change(42);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // The connection drops before that read answers: the device still holds 41 when the stream is back.
    source.onerror!();
    source.onopen!();
    expect(invalidate).toHaveBeenCalledTimes(2);
    // Once the read holds 42, a reconnect reads nothing (the server names anything newer itself).
    client.setQueryData(tournamentKeys.detail(7), { version: 42 });
    source.onerror!();
    source.onopen!();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('with nothing read yet, reads once the stream opens (nothing announces what changed before)', async () => {
    const source = await openStream();
    expect(source.url).toBe('/api/v1/tournaments/7/live');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    source.onopen!();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: tournamentKeys.detail(7) });
  });
});
