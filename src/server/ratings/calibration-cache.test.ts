import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createHarness } from '../test/harness.ts';
import { resultsFixture } from '../test/results-fixture.ts';
import { associationCalibration } from './calibration.ts';
import { createCalibrationCache } from './calibration-cache.ts';
import { rerate } from './engine.ts';

// The computation is counted, not run: what is tested here is when it runs.
vi.mock('./calibration.ts', () => ({
  associationCalibration: vi.fn(() => ({ calls: vi.mocked(associationCalibration).mock.calls.length })),
}));

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
  vi.mocked(associationCalibration).mockClear();
});
afterEach(() => h.close());

it('computes the calibration once per results version, and again when the ratings move on', () => {
  const f = resultsFixture(h.db);
  for (const n of ['Al Able', 'Bo Bell']) f.athlete(n, 'M', 250);
  f.supermatch('2025-01-10', 'Al Able', 'Bo Bell', 'RH', 3, 0);
  rerate(h.db);
  const calibration = createCalibrationCache(h.db);
  const first = calibration();
  expect(calibration()).toBe(first);
  expect(associationCalibration).toHaveBeenCalledTimes(1);

  // A result stored but not yet rated is not in the ratings either: the kept answer stands until rerate.
  f.supermatch('2025-02-10', 'Bo Bell', 'Al Able', 'RH', 3, 1);
  expect(calibration()).toBe(first);
  rerate(h.db);
  const second = calibration();
  expect(second).not.toBe(first);
  expect(JSON.parse(second)).toEqual({ calls: 2 });
  expect(associationCalibration).toHaveBeenCalledTimes(2);
});
