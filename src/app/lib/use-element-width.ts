import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * A box's width in whole pixels, followed as it changes; null until measured. It is set in a transition, so React
 * can draw what depends on it (a chart: axes, lines, points) in slices between other work: nivo's ResponsiveLine
 * measured in a layout effect, and the whole chart was drawn in one block right after. The charts (the athlete
 * popup's skill chart, the ratings page's calibration chart) draw at the width this gives.
 */
export function useElementWidth(box: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const follow = (w: number) => startTransition(() => setWidth(Math.floor(w)));
    follow(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && follow(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
