import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost, listenToContact } from './api.ts';

/** What the client tells the app about reaching the server (the connectivity notice, the outbox's 'back online'). */
describe('the API client on contact with the server', () => {
  const reached = vi.fn<(reached: boolean) => void>();
  listenToContact({ reached, answered: () => undefined });

  afterEach(() => {
    vi.unstubAllGlobals();
    reached.mockReset();
  });

  const answering = (status: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(status === 204 ? null : '{}', { status })),
    );

  it('a write the server answered says it is reached, also when it refused it', async () => {
    answering(204);
    await apiPost('/table/status', { waiting: 0, since: null }, { table: 'k' });
    answering(409);
    await expect(apiPost('/feedback', {})).rejects.toThrow();
    expect(reached.mock.calls).toEqual([[true], [true]]);
  });

  it('a read says so only when it is a public read (the worker may answer others from its copy)', async () => {
    answering(200);
    await apiGet('/table', { table: 'k' });
    expect(reached).not.toHaveBeenCalled();
    await apiGet('/events', { note: true });
    expect(reached.mock.calls).toEqual([[true]]);
  });

  it('a write that never reached the server says nothing: a read of the health decides', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiPost('/feedback', {})).rejects.toThrow('No connection to the server.');
    expect(reached).not.toHaveBeenCalled();
  });
});
