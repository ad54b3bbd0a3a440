import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnderConstruction } from '../../lib/under-construction.ts';
import { fetchEvents, normalizeEvent } from './events-api.ts';

vi.mock('../../lib/under-construction.ts', () => ({ setUnderConstruction: vi.fn() }));
const underConstruction = vi.mocked(setUnderConstruction);

const event = { id: 2, name: 'State Open', date: '2026-05-02', status: 'confirmed', images: ['/a.svg', '/b.svg'] };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serve(api: () => Promise<Response>, fallback: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => (url.startsWith('/api/') ? api() : Promise.resolve(json(fallback)))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  underConstruction.mockReset();
});

describe('normalizeEvent', () => {
  it('fills missing fields and drops what is not an event', () => {
    expect(normalizeEvent(event)).toMatchObject({
      id: 2,
      estimated: false,
      weigh_ins: [],
      contacts: [],
      image_url: '/a.svg',
      image_position: 'center',
      status: 'confirmed',
      pending_details: false,
    });
    expect(normalizeEvent({ ...event, status: 'odd' })?.status).toBeNull();
    expect(normalizeEvent({ name: 'x', date: '2026-01-01' })).toBeNull();
    expect(normalizeEvent(null)).toBeNull();
  });
});

describe('fetchEvents', () => {
  it('answers the API list and leaves under-construction mode', async () => {
    serve(() => Promise.resolve(json({ events: [event] })), { events: [] });
    expect(await fetchEvents()).toMatchObject({ fallback: false, events: [{ id: 2 }] });
    expect(underConstruction).toHaveBeenCalledWith(false);
  });

  it('falls back to fallback.json, under construction, when the API fails or is empty', async () => {
    serve(() => Promise.resolve(json({ error: {} }, 503)), { events: [event] });
    expect(await fetchEvents()).toMatchObject({ fallback: true, events: [{ id: 2 }] });
    expect(underConstruction).toHaveBeenLastCalledWith(true);

    serve(() => Promise.resolve(json({ events: [] })), { events: [event] });
    expect(await fetchEvents()).toMatchObject({ fallback: true, events: [{ id: 2 }] });
  });

  it('offline with events on screen keeps them (the query errors, the data stays)', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')), { events: [] });
    await expect(fetchEvents({ events: [], fallback: false })).rejects.toThrow('No connection');
    expect(underConstruction).not.toHaveBeenCalled();
  });
});
