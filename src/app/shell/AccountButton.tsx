import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { signIn, SIGN_IN_NEEDS_CONNECTION } from '../auth/session.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { useToast } from '../ui/toast.tsx';

/** Signed in goes to /account; otherwise sign-in with /account as the return target. */
export function AccountButton() {
  const user = useSessionUser();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (user) {
    return (
      <Link to="/account" className="account-button">
        Account
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="account-button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        signIn({ returnTo: '/account' }).catch(() => {
          setBusy(false);
          toast.show(SIGN_IN_NEEDS_CONNECTION, { tone: 'error' });
        });
      }}
    >
      Sign in
    </button>
  );
}
