import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the screen (a screen's
 * height below it by default), and from then on. For parts that cost work to
 * render but are far down the page: they load while the visitor scrolls
 * towards them, not at start.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '100% 0px'): boolean {
  // Without IntersectionObserver (test DOMs), everything counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
