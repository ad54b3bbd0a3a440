import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cachedAuthConfig } from './auth/auth-config.ts';
import { completeSignIn, initSession } from './auth/session.ts';
import { rewritePlainPath } from './lib/plain-path.ts';
import { startOutboxTriggers } from './outbox/triggers.ts';
import { watchConnectivity } from './pwa/connectivity.ts';
import { watchInstall } from './pwa/install.ts';
import { PERSIST_MAX_AGE_MS, persistQueries } from './pwa/persist.ts';
import { registerServiceWorker } from './pwa/register.ts';
import { createAppRouter } from './router.tsx';
import { setSignInMessage } from './shell/sign-in-message.ts';
import { ToastProvider } from './ui/toast.tsx';
import './styles.css';

/** The provider sends the user back with code (or error) plus state. */
function isSignInCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
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

  // Someone can only be signed in if the provider's settings were cached when they signed in:
  // then reading the session is local and quick. Otherwise render at once and look in the background.
  if (cachedAuthConfig()) await initSession();
  else void initSession();

  // gcTime as long as the persisted cache lives, or queries would be dropped before they are saved.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, gcTime: PERSIST_MAX_AGE_MS } },
  });
  await persistQueries(queryClient);
  watchConnectivity();
  watchInstall();
  startOutboxTriggers();
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  // The worker and workbox-window come after the first screen, never before it.
  if (document.readyState === 'complete') void registerServiceWorker(queryClient);
  else addEventListener('load', () => void registerServiceWorker(queryClient), { once: true });
}

void start();
