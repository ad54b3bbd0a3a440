import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { showInDocument, useAssociation } from '../lib/association.ts';
import { useAfterFirstContent } from '../lib/first-content.ts';
import { useToast } from '../ui/toast.tsx';
import { InstallButton } from '../pwa/InstallButton.tsx';
import { OfflineNotice } from '../pwa/OfflineNotice.tsx';
import { AccountButton } from './AccountButton.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { NavLinks } from './NavLinks.tsx';
import { signInMessage } from './sign-in-message.ts';

// The outbox list (and its sender) is a chunk of its own, loaded once the screen's first content is up.
const OutboxIndicator = lazy(() =>
  import('../outbox/OutboxIndicator.tsx').then((m) => ({ default: m.OutboxIndicator })),
);
// The update prompt, the iOS install hint and the footer, below the screen: the same, in one chunk (ShellLater.tsx).
const ShellLater = lazy(() => import('./ShellLater.tsx'));

/** The top bar, status line and footer around the screen of the current address. */
export function Shell({ children }: { children: ReactNode }) {
  const later = useAfterFirstContent();
  const association = useAssociation();
  useEffect(() => showInDocument(association), [association]);
  const toast = useToast();
  const message = signInMessage.use();
  useEffect(() => {
    // Read again here: shown once, then gone (an effect can run twice for one change).
    const text = signInMessage.get();
    if (!text) return;
    signInMessage.set(undefined);
    toast.show(text, { tone: 'error' });
  }, [toast, message]);

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          // The hash is the router's: move focus without navigating.
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="topbar">
        {/* `/` leads to the leaderboards: the brand is never the page shown (no aria-current). */}
        <Link to="/" className="brand" activeOptions={{ exact: true }}>
          <img src={association.logo?.icon_192 ?? '/icon.svg'} alt="" width="28" height="28" />
          <span className="brand-name">{association.name}</span>
        </Link>
        <nav aria-label="Main" className="topnav">
          <NavLinks />
        </nav>
        <InstallButton />
        <AccountButton />
        <MobileMenu />
      </header>
      <div className="status-bar">
        <OfflineNotice />
        {later ? (
          <Suspense fallback={null}>
            <OutboxIndicator />
          </Suspense>
        ) : null}
      </div>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {later ? (
        <Suspense fallback={null}>
          <ShellLater />
        </Suspense>
      ) : null}
    </>
  );
}
