import { useEffect, useRef, useState } from 'react';

/** Share state idle, copied or shared, back to idle after 2 s. */
export const SHARE_RESET_MS = 2000;
export type ShareState = 'idle' | 'copied' | 'shared';
export const SHARE_LABELS: Record<ShareState, string> = { idle: 'Share', copied: 'Link copied', shared: 'Shared' };

/** Web Share where the browser has it, else the clipboard. Resolves to the new state (idle when cancelled or failed). */
export async function shareLink(url: string, title: string): Promise<ShareState> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch {
      return 'idle';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'idle';
  }
}

/** A state that falls back to its resting value `ms` after each change. */
export function useResettingState<T>(rest: T, ms = SHARE_RESET_MS): [T, (v: T) => void] {
  const [value, setValue] = useState(rest);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const set = (v: T) => {
    setValue(v);
    clearTimeout(timer.current);
    if (v !== rest) timer.current = setTimeout(() => setValue(rest), ms);
  };
  return [value, set];
}
