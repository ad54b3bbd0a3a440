import { useEffect } from 'react';

/**
 * Keeps the screen on while mounted (a laptop plugged into the hall's TV must not dim or sleep mid-tournament),
 * with the Screen Wake Lock API where the browser has it; elsewhere it does nothing. The browser lets the lock go
 * whenever the page is hidden (another tab, a minimised window), so it is taken again each time the page becomes
 * visible. A refusal (power saving, a frame without the permission) is left quiet: the screen still works.
 */
export function useWakeLock(): void {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | undefined;
    let done = false;
    const take = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const taken = await navigator.wakeLock.request('screen');
        if (done) void taken.release();
        else lock = taken;
      } catch {
        // Refused: the screen may dim, nothing else changes.
      }
    };
    const onVisibility = () => void take();
    document.addEventListener('visibilitychange', onVisibility);
    void take();
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
