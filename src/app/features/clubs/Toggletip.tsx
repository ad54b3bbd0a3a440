import { useEffect, useId, useState, type ReactNode } from 'react';

/** How long a tip stays open after it was asked for. */
export const TOOLTIP_MS = 2200;

/**
 * A small button that says a line more: pressed (or focused and pressed by
 * key) it shows its tip, which hides again after 2.2 s, on a second press or
 * on Escape. The tip is announced through a live region.
 */
export function Toggletip({ label, tip, children }: { label: string; tip: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => setOpen(false), TOOLTIP_MS);
    return () => clearTimeout(t);
  }, [open]);
  return (
    <span className="club-tip">
      <button
        type="button"
        className="club-tip-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            e.preventDefault();
            setOpen(false);
          }
        }}
      >
        {children}
      </button>
      <span id={id} role="status" className={open ? 'club-tip-bubble' : 'visually-hidden'}>
        {open ? tip : ''}
      </span>
    </span>
  );
}
