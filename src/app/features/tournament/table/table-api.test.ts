import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTableReads, takeTableDevice } from './table-api.ts';

afterEach(() => vi.unstubAllGlobals());

const device = { tournament_id: 7, tournament_name: 'State Open', table: 2 };

/** The server as the table link meets it: who a key is (and a tournament, not read here). */
function server() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url.replace(/[?&]t=\d+/, ''));
      const body = url.startsWith('/api/v1/table') ? device : { id: 7 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

const loaderArgs = (key: string | undefined, preload = false) => ({
  context: { queryClient: new QueryClient() },
  location: { search: key === undefined ? {} : { key } },
  preload,
});

describe('a table link opened', () => {
  it("asks who the key is once: the route's loader asks, the screen takes that answer, then the tournament", async () => {
    const asked = server();
    const args = loaderArgs('secret-1');
    startTableReads(args);
    expect(await takeTableDevice('secret-1')).toEqual(device);
    await vi.waitFor(() => expect(asked).toEqual(['/api/v1/table', '/api/v1/tournaments/7']));
    // Taken once: a later start (a reload, a retry) asks again.
    await takeTableDevice('secret-1');
    expect(asked.filter((u) => u === '/api/v1/table')).toHaveLength(2);
  });

  it('asks nothing for an address without a key, or when a link is only pointed at (preload)', () => {
    const asked = server();
    startTableReads(loaderArgs(undefined));
    startTableReads(loaderArgs('secret-2', true));
    expect(asked).toEqual([]);
  });

  it("does not hand the screen another key's answer", async () => {
    const asked = server();
    startTableReads(loaderArgs('secret-3'));
    await takeTableDevice('secret-4');
    expect(asked.filter((u) => u === '/api/v1/table')).toHaveLength(2);
  });
});
