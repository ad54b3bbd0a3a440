// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { entries, createStore } from 'idb-keyval';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDB } from '../../shared/storage-names.ts';

/**
 * The saved query cache against a real IndexedDB implementation (fake-indexeddb): what one visit saved is what
 * the next visit shows, also when a refresh failed in between (the server out of reach at a gym).
 */
beforeAll(() => vi.stubGlobal('__BUILD_ID__', 'test-build'));
afterEach(() => vi.useRealTimers());

const store = createStore(IDB.queryCache.database, IDB.queryCache.store);
const savedKeys = async () => (await entries<string, unknown>(store)).map(([key]) => key);
const leave = () => dispatchEvent(new Event('pagehide'));
/** A visit: a fresh client that reads the saved cache back, as a reload does. */
async function visit() {
  const { persistQueries } = await import('./persist.ts');
  const client = new QueryClient({ defaultOptions: { queries: { retry: 0, gcTime: Infinity } } });
  await persistQueries(client);
  return client;
}
const board = { ranks: ['Ada Strong'] };

describe('the saved query cache', () => {
  it('keeps what a screen showed when its refresh failed, and reads it back as data to show', async () => {
    const first = await visit();
    await first.fetchQuery({ queryKey: ['leaderboard', 'M'], queryFn: () => board });
    await first.fetchQuery({ queryKey: ['admin', 'queue'], queryFn: () => ['an e-mail'] });
    leave();
    await vi.waitFor(async () => expect(await savedKeys()).toContain('query:["leaderboard","M"]'));
    expect(await savedKeys()).not.toContain('query:["admin","queue"]');

    const second = await visit();
    expect(second.getQueryData(['leaderboard', 'M'])).toEqual(board);
    const refresh = second.fetchQuery({
      queryKey: ['leaderboard', 'M'],
      queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(refresh).rejects.toThrow('Failed to fetch');
    expect(second.getQueryState(['leaderboard', 'M'])?.status).toBe('error');
    // Leaving writes at once; IndexedDB runs this read after those writes. A failed refresh once deleted the entry.
    leave();
    expect(await savedKeys()).toContain('query:["leaderboard","M"]');

    const third = await visit();
    expect(third.getQueryData(['leaderboard', 'M'])).toEqual(board);
    expect(third.getQueryState(['leaderboard', 'M'])?.status).toBe('success');
  });
});
