import { useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { SetupResult } from '../../shared/setup.ts';
import { renewForNewRole, signIn, SIGN_IN_NEEDS_CONNECTION } from '../auth/session.ts';
import { roleQuery } from '../auth/use-role.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { apiPost, ApiResponseError, NetworkError } from '../lib/api.ts';
import { FormAlert } from '../ui/Field.tsx';
import { useToast } from '../ui/toast.tsx';

/** Where a new admin lands: the association's form on the admin screen, filled with the defaults. */
const AFTER_SETUP = { to: '/admin', search: { panel: 'association' } } as const;

function messageOf(err: unknown): string {
  if (err instanceof ApiResponseError) return err.message;
  if (err instanceof NetworkError) return 'Setting up needs a connection. Try again when you are online.';
  return 'Setting up failed. Try again.';
}

/**
 * The setup link of a new deployment (`#/setup?token=…`, written to the server's log while nobody is admin). One
 * button: signed out, it signs in and comes back here to go on; signed in, it sends the token, and the server
 * makes this account the first admin. The new role's scopes need new tokens (session.ts, renewForNewRole); then
 * the admin screen opens at the association's form. The server's refusals (used, expired, replaced, an admin
 * already there) are shown as it words them.
 */
export function SetupScreen() {
  const { token, step } = useSearch({ from: '/setup' });
  const navigate = useNavigate({ from: '/setup' });
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const setUp = useCallback(async () => {
    if (!token) return;
    setError(null);
    if (!user) {
      // The sign-in brings the person back here, where the screen goes on without a second tap.
      await signIn({ returnTo: `/setup?token=${encodeURIComponent(token)}&step=claim` }).catch(() =>
        setError(SIGN_IN_NEEDS_CONNECTION),
      );
      return;
    }
    setBusy(true);
    try {
      await apiPost<SetupResult>('/setup', { token }, { auth: true });
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
      return;
    }
    if (!(await renewForNewRole())) {
      // No new tokens without a login page (some providers refuse the hidden request): a sign-in brings them.
      await signIn({ returnTo: '/admin?panel=association' }).catch(() => setError(SIGN_IN_NEEDS_CONNECTION));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: roleQuery(user.sub).queryKey });
    toast.show('You are the admin of this association. Set it up here.', { tone: 'success' });
    await navigate({ ...AFTER_SETUP, replace: true });
  }, [token, user, queryClient, toast, navigate]);

  // Back from the sign-in this screen started: once, and out of the address, so a reload asks again.
  const goneOn = useRef(false);
  useEffect(() => {
    if (step !== 'claim' || !user || goneOn.current) return;
    goneOn.current = true;
    void navigate({ search: { token }, replace: true });
    void setUp();
  }, [step, user, token, navigate, setUp]);

  return (
    <section className="screen" aria-labelledby={titleId}>
      <h1 id={titleId}>Set up this association</h1>
      <div className="panel">
        {!token ? (
          <p>
            This address has no setup token. Open the setup link from the server&apos;s log, or run{' '}
            <code>npm run setup</code> on the server for a new one.
          </p>
        ) : (
          <>
            <p>
              {user
                ? `You are signed in as ${user.name ?? user.email ?? user.sub}. Setting up makes this account the association's first admin.`
                : "Setting up makes you the association's first admin. Sign in with the account you will run it with."}{' '}
              Then you give the association its name, region, units and weight classes.
            </p>
            <FormAlert>{error}</FormAlert>
            <div className="form-actions">
              <button type="button" className="button" disabled={busy} onClick={() => void setUp()}>
                {busy ? 'Setting up…' : user ? 'Set up this association' : 'Sign in and set up'}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

export const Route = createLazyRoute('/setup')({ component: SetupScreen });
