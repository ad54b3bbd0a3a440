import { useCallback, useSyncExternalStore } from 'react';

/** Reduced motion asked for: no spins, no rotations, no smooth scrolling. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether a media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const mq = matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  );
}
