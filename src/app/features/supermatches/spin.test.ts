import { describe, expect, it } from 'vitest';
import {
  angleAt,
  boostSpin,
  faceAt,
  planSpin,
  recentTaps,
  SPIN_DECEL,
  SPIN_MAX_SPEED,
  speedAt,
  TAP_WINDOW_MS,
} from './spin.ts';

describe('card spin', () => {
  it('starts on the third tap inside 600 ms, not when the taps are spread out', () => {
    expect(recentTaps([0, 250], 550)).toHaveLength(3);
    expect(recentTaps([0, 300], TAP_WINDOW_MS)).toHaveLength(2);
  });

  it('never turns faster than the cap and slows at about 720 deg/s²', () => {
    const spin = planSpin(0, 99_999);
    expect(spin.speed).toBe(SPIN_MAX_SPEED);
    expect(Math.abs(spin.decel - SPIN_DECEL) / SPIN_DECEL).toBeLessThan(0.05);
    expect(spin.duration).toBeGreaterThan(2.8);
    expect(spin.duration).toBeLessThan(3.2);
  });

  it.each([0, 37, 180, 271.5, -90])('comes to rest exactly on a face from %s°', (start) => {
    const spin = planSpin(start, SPIN_MAX_SPEED);
    expect(spin.to % 180).toBe(0);
    expect(spin.to).toBeGreaterThan(start);
    // Monotonic: it never turns back, and it stops where it said.
    let last = start;
    for (let t = 0; t <= spin.duration + 0.5; t += 1 / 60) {
      const a = angleAt(spin, t);
      expect(a).toBeGreaterThanOrEqual(last - 1e-9);
      last = a;
    }
    expect(angleAt(spin, spin.duration)).toBeCloseTo(spin.to, 9);
    expect(speedAt(spin, spin.duration)).toBeCloseTo(0, 6);
    expect(['front', 'back']).toContain(faceAt(angleAt(spin, spin.duration + 1)));
  });

  it('reads the face of a resting angle', () => {
    expect(faceAt(0)).toBe('front');
    expect(faceAt(180)).toBe('back');
    expect(faceAt(360 * 9)).toBe('front');
    expect(faceAt(-180)).toBe('back');
  });

  it('a tap while spinning adds speed up to the cap and still lands on a face', () => {
    const slow = planSpin(0, 720);
    const boosted = boostSpin(slow, 0.5);
    expect(boosted.speed).toBeLessThanOrEqual(SPIN_MAX_SPEED);
    expect(boosted.speed).toBeGreaterThan(speedAt(slow, 0.5));
    expect(boosted.to % 180).toBe(0);
  });
});
