/** The ways a person moves the page themselves: scrolling by the app gives way to them at once. */
const PERSON_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls towards a place the page is still growing to (a list that comes in steps, a panel below others that fill
 * as their data comes): `step` runs each time the page changes size (and once at the start) until it says it is
 * done, the person scrolls, taps or types, or `ms` have passed. Returns what stops it.
 */
export function settleScroll(step: () => boolean, ms: number): () => void {
  const observer = new ResizeObserver(() => {
    if (step()) stop();
  });
  const timer = setTimeout(() => stop(), ms);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of PERSON_MOVES) removeEventListener(type, stop);
  };
  for (const type of PERSON_MOVES) addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}
