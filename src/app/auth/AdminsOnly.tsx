import { useId } from 'react';
import { useToast } from '../ui/toast.tsx';
import { SIGN_IN_NEEDS_CONNECTION, signIn } from './session.ts';
import { useSessionUser } from './use-session.ts';

/**
 * What a staff screen (the admin screen, the head table) shows to anyone who is not an admin or a developer: its
 * heading, the 'Admins Only' panel, and, signed out, the two ways to sign in, which come back to `returnTo`.
 */
export function AdminsOnly({ title, returnTo }: { title: string; returnTo: string }) {
  const user = useSessionUser();
  const toast = useToast();
  const titleId = useId();
  const start = (method: 'email' | 'phone') =>
    signIn({ returnTo, method }).catch(() => toast.show(SIGN_IN_NEEDS_CONNECTION, { tone: 'error' }));
  return (
    <section className="screen" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <div className="panel">
        <h2>Admins Only</h2>
        <p>This area is for administrators. If you believe you should have access, contact an administrator.</p>
        {user ? null : (
          <div className="form-actions">
            <button type="button" className="button" onClick={() => void start('email')}>
              Sign in with Email
            </button>
            <button type="button" className="button secondary" onClick={() => void start('phone')}>
              Sign in with Phone
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
