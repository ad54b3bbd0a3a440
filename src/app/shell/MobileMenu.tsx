import { useEffect, useRef, useState } from 'react';
import { useSessionUser } from '../auth/use-session.ts';
import { NavLinks } from './NavLinks.tsx';

/** The hamburger menu of narrow screens: the nav links plus who is signed in. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const user = useSessionUser();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="mobile-menu">
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        aria-label="Menu"
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true" className="menu-icon" />
      </button>
      {/* The links render only while open: a closed menu costs the first screen nothing. */}
      <div id="mobile-menu-panel" ref={panelRef} className="menu-panel" hidden={!open}>
        {open ? (
          <>
            <nav aria-label="Menu">
              <NavLinks onNavigate={() => setOpen(false)} />
            </nav>
            {user ? <p className="menu-user">Signed in as {user.name ?? user.email}</p> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
