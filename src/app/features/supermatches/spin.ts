/**
 * The free spin of a supermatch card, as pure functions of time. Three taps
 * within the tap window set the card spinning; each tap adds speed, never more
 * than the cap. The card slows at a steady rate and comes to rest exactly on a
 * face: the stopping angle is the multiple of 180° nearest to where it would
 * coast to, and the deceleration is adjusted (by a few percent at most) so it
 * stops there. Angles are degrees about the vertical axis; 0 is the front.
 */
export const TAP_WINDOW_MS = 600;
export const TAPS_TO_SPIN = 3;
export const SPIN_MAX_SPEED = 2160;
export const SPIN_DECEL = 720;
/** Three quick taps reach the cap. */
export const SPIN_IMPULSE = SPIN_MAX_SPEED / TAPS_TO_SPIN;

export interface Spin {
  from: number;
  to: number;
  /** deg/s at the start. */
  speed: number;
  /** deg/s², the steady slowing that ends exactly at `to`. */
  decel: number;
  /** Seconds until it rests. */
  duration: number;
}

/** The taps still inside the window after one more at `now`; a spin starts when there are three. */
export function recentTaps(taps: readonly number[], now: number): number[] {
  return [...taps, now].filter((t) => now - t < TAP_WINDOW_MS);
}

export function planSpin(angle: number, speed: number): Spin {
  const v = Math.min(SPIN_MAX_SPEED, Math.max(SPIN_IMPULSE, speed));
  const coast = (v * v) / (2 * SPIN_DECEL);
  let to = Math.round((angle + coast) / 180) * 180;
  if (to <= angle) to += 180;
  const distance = to - angle;
  return { from: angle, to, speed: v, decel: (v * v) / (2 * distance), duration: (2 * distance) / v };
}

/** Where the card is `t` seconds into the spin. */
export function angleAt(spin: Spin, t: number): number {
  if (t >= spin.duration) return spin.to;
  if (t <= 0) return spin.from;
  return spin.from + spin.speed * t - 0.5 * spin.decel * t * t;
}

/** How fast it still turns `t` seconds in (deg/s). */
export function speedAt(spin: Spin, t: number): number {
  return Math.max(0, spin.speed - spin.decel * Math.max(0, t));
}

/** Another tap while spinning: the current speed plus one impulse, capped, from where it is now. */
export function boostSpin(spin: Spin, t: number): Spin {
  return planSpin(angleAt(spin, t), speedAt(spin, t) + SPIN_IMPULSE);
}

/** The face showing at a resting angle (a multiple of 180°). */
export function faceAt(angle: number): 'front' | 'back' {
  return ((Math.round(angle / 180) % 2) + 2) % 2 === 0 ? 'front' : 'back';
}
