import { useEffect, useState, type RefObject } from 'react';

/** A card ticks only while it is within this distance of the screen. */
export const TICK_MARGIN = '200px';
export const TICK_MS = 1000;

/**
 * The time now, read again every second while `ref`'s element is within
 * 200 px of the viewport and `active` holds; off screen the clock stands still
 * (and catches up as the card comes back). Without IntersectionObserver it
 * always ticks.
 */
export function useTickingClock(ref: RefObject<Element | null>, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: TICK_MARGIN,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);

  useEffect(() => {
    if (!near || !active) return;
    const tick = () => setNow(Date.now());
    // Catch up at once when the card comes near, then every second.
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [near, active]);

  return now;
}
