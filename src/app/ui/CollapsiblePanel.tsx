import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A panel whose heading is a button that shows and hides its body
 * (aria-expanded, aria-controls). The account page and the admin screen use it.
 * `onOpen` runs each time it opens (the first time too, when it starts open),
 * for panels that load their data only once someone looks.
 */
export function CollapsiblePanel({
  title,
  badge,
  defaultOpen = true,
  onOpen,
  className,
  children,
}: {
  title: string;
  /** Shown beside the title inside the button, e.g. a count or a status, in its own style. */
  badge?: { text: string; className: string } | null | undefined;
  defaultOpen?: boolean;
  onOpen?: () => void;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });
  // Started open: that is its first opening.
  useEffect(() => {
    if (defaultOpen) onOpenRef.current?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  const bodyId = useId();
  return (
    // The panel is named by its button: the title, and the badge as a second phrase.
    <section className={`panel collapsible-panel ${className ?? ''}`} aria-labelledby={`${bodyId}-toggle`}>
      <h2 className="panel-toggle-heading">
        <button
          id={`${bodyId}-toggle`}
          type="button"
          className="panel-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          // Two phrases, 'Supermatches, 3 pending': the text alone would run them together for some readers.
          aria-label={badge ? `${title}, ${badge.text}` : undefined}
          onClick={() => {
            if (!open) onOpen?.();
            setOpen(!open);
          }}
        >
          <span>{title}</span>
          {badge ? <span className={badge.className}>{badge.text}</span> : null}
        </button>
      </h2>
      <div id={bodyId} className="collapsible-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
