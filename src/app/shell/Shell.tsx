import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useAfterFirstContent } from '../lib/first-content.ts';
import { Link } from '../ui/Link.tsx';
import { useToast } from '../ui/toast.tsx';
import { InstallButton, IosInstallHint } from '../pwa/InstallButton.tsx';
import { OfflineNotice } from '../pwa/OfflineNotice.tsx';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { AccountButton } from './AccountButton.tsx';
import { Footer } from './Footer.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { NavLinks } from './NavLinks.tsx';
import { takeSignInMessage } from './sign-in-message.ts';

// The outbox list (and its sender) is a chunk of its own, loaded once the screen's first content is up.
const OutboxIndicator = lazy(() =>
  import('../outbox/OutboxIndicator.tsx').then((m) => ({ default: m.OutboxIndicator })),
);

/** The top bar, status line and footer around the screen of the current address. */
export function Shell({ children }: { children: ReactNode }) {
  const later = useAfterFirstContent();
  const toast = useToast();
  useEffect(() => {
    const message = takeSignInMessage();
    if (message) toast.show(message, { tone: 'error' });
  }, [toast]);

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
        <Link to="/" className="brand">
          <img src="/icon.svg" alt="" width="28" height="28" />
          <span>Arm-wrestling Rankings</span>
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
      <UpdatePrompt />
      <IosInstallHint />
      <Footer />
    </>
  );
}
