import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const addAthlete = (name: string, sex: 'M' | 'F' = 'M') =>
  h.db.prepare('INSERT INTO athletes (name, sex) VALUES (?, ?)').run(name, sex);

describe('GET /api/v1/known-names', () => {
  it('lists every athlete name, sorted case-insensitively, with no auth', async () => {
    for (const name of ['cy Cole', 'Bo Bell', 'Ávila Ana', 'ann Ax', 'Eve Eames'])
      addAthlete(name, name === 'Eve Eames' ? 'F' : 'M');
    const res = await h.request('/api/v1/known-names?t=1718000000000');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(await res.json()).toEqual({ names: ['ann Ax', 'Ávila Ana', 'Bo Bell', 'cy Cole', 'Eve Eames'] });
  });

  it('an empty database gives an empty list', async () => {
    expect(await (await h.request('/api/v1/known-names')).json()).toEqual({ names: [] });
  });

  it('has a strong ETag: 304 while unchanged, a new tag once a name is added', async () => {
    addAthlete('Ann Ax');
    const first = await h.request('/api/v1/known-names?t=1');
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/
    const again = await h.request('/api/v1/known-names?t=2', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(await again.text()).toBe('');

    addAthlete('Bo Bell');
    const changed = await h.request('/api/v1/known-names', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    expect(await changed.json()).toEqual({ names: ['Ann Ax', 'Bo Bell'] });
  });
});
