import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALIBRATION_MIN_RESULTS, calibrationSchema } from '../../shared/answers/calibration.ts';
import { rerate } from '../ratings/engine.ts';
import { createHarness } from '../test/harness.ts';
import { resultsFixture } from '../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let f: ReturnType<typeof resultsFixture>;
beforeEach(async () => {
  h = await createHarness();
  f = resultsFixture(h.db);
  for (const n of ['Al Able', 'Bo Bell', 'Cy Cole']) f.athlete(n, 'M', 250);
  f.supermatch('2025-01-10', 'Al Able', 'Bo Bell', 'RH', 3, 0);
  f.supermatch('2025-02-10', 'Al Able', 'Cy Cole', 'RH', 3, 1);
  f.supermatch('2025-03-10', 'Al Able', 'Bo Bell', 'RH', 3, 2);
  rerate(h.db);
});
afterEach(() => h.close());

const get = (headers: Record<string, string> = {}) => h.request('/api/v1/ratings/calibration', { headers });

describe('GET /api/v1/ratings/calibration', () => {
  it('answers the calibration, public and revalidated (no-cache), with five buckets from 50% to 100%', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = calibrationSchema.parse(await res.json());
    expect(body.needed).toBe(CALIBRATION_MIN_RESULTS);
    expect(body.buckets.map((b) => [b.from, b.to])).toEqual([
      [0.5, 0.6],
      [0.6, 0.7],
      [0.7, 0.8],
      [0.8, 0.9],
      [0.9, 1],
    ]);
    // The three supermatches, each predicted the evening before its day, over the days they were pulled.
    expect(body).toMatchObject({ n: 3, from: '2025-01-10', to: '2025-03-10' });
    expect(body.buckets.reduce((sum, b) => sum + b.n, 0)).toBeLessThanOrEqual(body.n);
  });

  it('a client that has the answer gets a 304 with the same tag', async () => {
    const first = await get();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get({ 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('a new result, once rated, changes the answer and its tag', async () => {
    const before = await get();
    const etag = before.headers.get('etag')!;
    const n = calibrationSchema.parse(await before.json()).n;
    f.supermatch('2025-04-10', 'Cy Cole', 'Bo Bell', 'RH', 3, 0);
    rerate(h.db);
    const after = await get({ 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(calibrationSchema.parse(await after.json()).n).toBe(n + 1);
  });
});
