import { useRef, type PointerEvent as ReactPointerEvent } from 'react';

/** Dragging down closes past 20% of the height clamped to 140-240 px, or faster than 1.2 px/ms. */
export function dragCloseThreshold(height: number): number {
  return Math.min(240, Math.max(140, height * 0.2));
}

export function dragCloses(dy: number, height: number, velocity: number): boolean {
  return dy > 0 && (dy >= dragCloseThreshold(height) || velocity > 1.2);
}

/**
 * Pointer handlers for a drag handle: the dialog box follows the finger down
 * and closes on release past the threshold, else springs back.
 */
export function useDragToClose(onClose: () => void) {
  const start = useRef<{ y: number; t: number; box: HTMLElement } | null>(null);
  const last = useRef<{ y: number; t: number }>({ y: 0, t: 0 });
  const dragged = useRef(false);
  return {
    /** A tap (not the end of a drag) closes too. */
    onClick() {
      if (!dragged.current) onClose();
      dragged.current = false;
    },
    onPointerDown(e: ReactPointerEvent<HTMLElement>) {
      const box = e.currentTarget.closest<HTMLElement>('.dialog');
      if (!box) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      start.current = { y: e.clientY, t: e.timeStamp, box };
      last.current = { y: e.clientY, t: e.timeStamp };
    },
    onPointerMove(e: ReactPointerEvent<HTMLElement>) {
      const s = start.current;
      if (!s) return;
      const dy = Math.max(0, e.clientY - s.y);
      s.box.style.transform = `translateY(${dy}px)`;
      last.current = { y: e.clientY, t: e.timeStamp };
    },
    onPointerUp(e: ReactPointerEvent<HTMLElement>) {
      const s = start.current;
      start.current = null;
      if (!s) return;
      const dy = e.clientY - s.y;
      dragged.current = Math.abs(dy) > 5;
      const dt = Math.max(1, e.timeStamp - last.current.t);
      const velocity = (e.clientY - last.current.y) / dt;
      s.box.style.transform = '';
      if (dragCloses(dy, s.box.getBoundingClientRect().height, Math.max(velocity, dy / Math.max(1, e.timeStamp - s.t))))
        onClose();
    },
  };
}
