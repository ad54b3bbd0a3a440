import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle.ts';

/**
 * How many items of a list of cards to render: `first` at once (what fills a
 * phone's first screen), then `step` more at each idle moment until all
 * `total` are there, so rendering a list (the past supermatches are nearly two
 * hundred cards) is many short tasks, not one that holds the page still. It
 * starts again from `first` when `key` changes (a new tab or filter), not when
 * the list's data is refreshed, so a refresh never takes away cards someone
 * has scrolled to.
 */
export function useGrowingCount(key: string, total: number, first: number, step: number): number {
  const [state, setState] = useState({ key, count: first });
  const current = state.key === key ? state : { key, count: first };
  if (current !== state) setState(current);
  const { count } = current;

  useEffect(() => {
    if (count >= total) return;
    // The next idle moment, or a frame's time where the browser cannot say. A transition, so React renders the new
    // items in slices of a few milliseconds (a plain update from a timer is rendered in one task).
    return whenIdle(
      () => startTransition(() => setState((s) => (s.key === key ? { key, count: s.count + step } : s))),
      500,
      16,
    );
  }, [key, count, total, step]);

  return Math.min(count, total);
}
