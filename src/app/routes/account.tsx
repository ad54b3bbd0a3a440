import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { getAccessToken, signIn, SIGN_IN_NEEDS_CONNECTION, signOut } from '../auth/session.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { LoadBoundary, LoadFailed } from '../ui/LoadBoundary.tsx';
import { useToast } from '../ui/toast.tsx';

/**
 * The account page. The welcome, avatar and Log out are here and
 * paint at once; the panels (name verification with zod, contacts) are a lazy
 * chunk, so the account page adds nothing to the first screen's JavaScript.
 * The chunk gets the session's token getter as a prop instead of importing
 * auth/session.ts: a lazy chunk importing that module makes the bundler move
 * the first screen's shared code into an extra chunk, which costs bytes.
 */
const AccountDetails = lazy(() => import('../features/account/AccountDetails.tsx'));

/** Up to two initials of the name (or the e-mail's first letter), for the avatar. */
export function initialsOf(display: string): string {
  const words = display
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

export function AccountScreen() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);
  const titleId = useId();

  useEffect(() => {
    if (user || started.current) return;
    started.current = true;
    signIn({ returnTo: '/account' }).catch(() => {
      toast.show(SIGN_IN_NEEDS_CONNECTION, { tone: 'error' });
    });
  }, [user, toast]);

  if (!user) {
    return (
      <section className="screen" aria-labelledby={titleId}>
        <h1 id={titleId}>Account</h1>
        <p role="status">Redirecting to secure sign-in…</p>
      </section>
    );
  }

  const display = user.name ?? user.email ?? 'Puller';
  return (
    <section className="screen account" aria-labelledby={titleId}>
      <div className="account-head">
        <span className="avatar" aria-hidden="true">
          {initialsOf(display)}
        </span>
        <div className="account-who">
          <h1 id={titleId}>Welcome, {display}</h1>
          {user.email ? <p className="muted">{user.email}</p> : null}
        </div>
      </div>
      <LoadBoundary fallback={<LoadFailed what="The profile" />}>
        <Suspense fallback={<p className="muted form-loading">Loading your profile…</p>}>
          <AccountDetails sub={user.sub} getToken={getAccessToken} />
        </Suspense>
      </LoadBoundary>
      <button
        type="button"
        className="button log-out"
        onClick={() => {
          // Leave this screen first: signed out here means "redirect to sign-in".
          void navigate({ to: '/leaderboards' }).then(signOut);
        }}
      >
        Log out
      </button>
    </section>
  );
}

export const Route = createLazyRoute('/account')({ component: AccountScreen });
