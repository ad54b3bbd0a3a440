import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A real modal on the native <dialog>: showModal() makes the rest of the page
 * inert (focus stays inside), Escape closes it, and focus returns to where it
 * was. Page scroll is locked while it is open. Its name is its own title
 * (a unique id), also while another dialog opens as this one closes.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="dialog-box">
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
        </header>
        <div className="dialog-body">{children}</div>
        {footer ? <footer className="dialog-footer">{footer}</footer> : null}
      </div>
    </dialog>
  );
}

/** A dialog's Close button, for its footer; `secondary` when the footer has a main action of its own. */
export function CloseButton({ onClose, secondary = false }: { onClose: () => void; secondary?: boolean }) {
  return (
    <button type="button" className={secondary ? 'button secondary' : 'button'} onClick={onClose}>
      Close
    </button>
  );
}

/**
 * A question before an action: Cancel (or Escape) goes back, the action's
 * button goes on. While the action runs its button waits and says so (`busy`).
 */
export function ConfirmDialog({
  title,
  action,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  action: string;
  /** The action's words while it runs ('Deleting…'); nothing when it does not run in the dialog. */
  busy?: string | false | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button" disabled={!!busy} onClick={onConfirm}>
            {busy || action}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
