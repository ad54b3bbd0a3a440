import { IsRestoringProvider, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { cachedAuthConfig } from './auth/auth-config.ts';
import { completeSignIn, initSession } from './auth/session.ts';
import { afterFirstContent } from './lib/first-content.ts';
import { rewritePlainPath } from './lib/plain-path.ts';
import { watchConnectivity } from './pwa/connectivity.ts';
import { watchInstall } from './pwa/install.ts';
import { hasSavedCache, persistQueries } from './pwa/persist.ts';
import { listenToWorker, registerServiceWorker } from './pwa/register.ts';
import { RouterView, startRouter } from './router.tsx';
import { Shell } from './shell/Shell.tsx';
import { setSignInMessage } from './shell/sign-in-message.ts';
import { ToastProvider } from './ui/toast.tsx';
import './styles.css';

/** The provider sends the user back with code (or error) plus state. */
function isSignInCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

/**
 * Queries wait (pending, no request) while the saved cache is read back, so a
 * second visit shows what was saved before any network answer; the screen
 * itself does not wait for IndexedDB. A device with nothing saved waits only
 * for the screen's first frame: it is painted before its requests go out (and
 * opening IndexedDB for the first time would hold them back for a few hundred
 * milliseconds).
 */
function RestoreGate({ restored, children }: { restored: Promise<void>; children: ReactNode }) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let live = true;
    void (hasSavedCache() ? restored : afterNextFrame()).then(() => live && setRestoring(false));
    return () => {
      live = false;
    };
  }, [restored]);
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}

/** After the next frame is painted (or 100 ms, in a tab that paints none while hidden). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

async function start() {
  const rewrite = rewritePlainPath(location);
  if (rewrite) history.replaceState(null, '', rewrite);

  if (isSignInCallback(location.search)) {
    const { returnTo, error } = await completeSignIn(location.href);
    if (error) setSignInMessage(error);
    // The address is reset to / with the return target as the route.
    history.replaceState(null, '', `/#${returnTo}`);
  }

  // The address is final: the screen's chunk comes while the rest starts, and the first render waits for it
  // (a second at most).
  const screenReady = startRouter(1000);

  // Someone can only be signed in if the provider's settings were cached when they signed in:
  // then reading the session is local and quick. Otherwise render at once and look in the background.
  if (cachedAuthConfig()) await initSession();
  else void initSession();

  // Queries are never dropped from memory while the tab lives: a dropped query is also deleted from the
  // saved cache, and a screen left behind must still open offline. (Not 30 days in ms either: a timer
  // longer than 2^31 - 1 ms fires at once in browsers, which dropped every query the moment nothing showed it.)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, gcTime: Infinity } },
  });
  const restored = persistQueries(queryClient);
  listenToWorker(queryClient);
  watchConnectivity();
  watchInstall();
  // What waits in the outbox goes once the screen is up (and on every trigger after that); the sender is
  // its own chunk, off the first screen.
  afterFirstContent(() => void import('./outbox/triggers.ts').then((m) => m.startOutboxTriggers()));
  await screenReady;
  // React's root in a task of its own (when the screen's chunk was already there, this still ran in the task that
  // evaluated the app's code: one long task on a phone).
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first tree in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RestoreGate restored={restored}>
            <ToastProvider>
              <Shell>
                <RouterView />
              </Shell>
            </ToastProvider>
          </RestoreGate>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // The worker and workbox-window come after the first screen's content, never before it.
  afterFirstContent(() => void registerServiceWorker());
}

/** Lets the browser paint and take input before going on: the next task, not a microtask. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// The start-up in a task after the one that evaluated the app's code (React DOM is most of it): two shorter
// tasks instead of one long one.
setTimeout(() => void start(), 0);
