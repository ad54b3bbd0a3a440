import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { signIn, signOut } from '../auth/session.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { useToast } from '../ui/toast.tsx';

/** Spec part 1 §2 Account page. The profile and name verification come with their own issue. */
export function AccountScreen() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);

  useEffect(() => {
    if (user || started.current) return;
    started.current = true;
    signIn({ returnTo: '/account' }).catch(() => {
      toast.show('Sign-in needs a connection. Try again when you are online.', { tone: 'error' });
    });
  }, [user, toast]);

  if (!user) {
    return (
      <section className="screen" aria-labelledby="screen-title">
        <h1 id="screen-title">Account</h1>
        <p role="status">Redirecting to secure sign-in…</p>
      </section>
    );
  }

  const display = user.name ?? user.email ?? 'Puller';
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Welcome, {display}</h1>
      {user.email ? <p className="muted">{user.email}</p> : null}
      <button
        type="button"
        className="button"
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
