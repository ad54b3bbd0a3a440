import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { cachedAuthConfig } from './auth/auth-config.ts';
import { initSession } from './auth/session.ts';
import { afterFirstContent } from './lib/first-content.ts';
import { hashAddressOf } from './lib/hash-address.ts';
import { createQueryClient, letQueriesGo } from './lib/query-client.ts';
import { watchConnectivity } from './pwa/connectivity.ts';
import { watchInstall } from './pwa/install.ts';
import { hasSavedCache, persistQueries } from './pwa/persist.ts';
import { listenToWorker, registerServiceWorker } from './pwa/register.ts';
import { createAppRouter } from './router.tsx';
import { ToastProvider } from './ui/toast.tsx';
import './styles.css';

/**
 * Queries wait (pending, no request) while the saved cache is read back, so a
 * second visit shows what was saved before any network answer; the screen
 * itself does not wait for IndexedDB. A device with nothing saved waits only
 * for the screen's first frame: it is painted before its requests go out (and
 * opening IndexedDB for the first time would hold them back for a few hundred
 * milliseconds). The route loaders' queries wait for the same moment.
 */
function RestoreGate({ restored, children }: { restored: Promise<void>; children: ReactNode }) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let live = true;
    void (hasSavedCache() ? restored : afterNextFrame()).then(() => {
      if (!live) return;
      letQueriesGo();
      setRestoring(false);
    });
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
  const address = hashAddressOf(location);
  if (address) history.replaceState(null, '', address);

  // The router follows the address from now on, and fetches the chunk of the screen it opens on at once (and
  // runs its beforeLoad: a sign-in callback completes there). The first render waits for that (a second at
  // most): the screen then draws at once, instead of a skeleton that React, once the chunk came, keeps for at
  // least 300 ms, holding the screen's requests back with it. index.html's own skeleton stands meanwhile.
  // Making the router, its first load (the screen's chunk and queries asked for) and the rest of the start-up are
  // each a task of its own: together they are one long task on a phone, which holds back a tap.
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await delay(0);
  const screenReady = Promise.race([router.load().catch(() => undefined), delay(1000)]);
  await delay(0);

  // Someone can only be signed in if the provider's settings were cached when they signed in:
  // then reading the session is local and quick. Otherwise render at once and look in the background.
  if (cachedAuthConfig()) await initSession();
  else void initSession();

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
  await delay(0);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first tree in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RestoreGate restored={restored}>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </RestoreGate>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // The worker and workbox-window come after the first screen's content, never before it.
  afterFirstContent(() => void registerServiceWorker());
}

/** Waits `ms`; `delay(0)` lets the browser paint and take input before going on (the next task, not a microtask). */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// The start-up in a task after the one that evaluated the app's code (React DOM is most of it): two shorter
// tasks instead of one long one.
setTimeout(() => void start(), 0);
