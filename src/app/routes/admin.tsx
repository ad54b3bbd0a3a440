import { useId } from 'react';
import { canSeeAdmin } from '../../shared/roles.ts';
import { signIn } from '../auth/session.ts';
import { useRole } from '../auth/use-role.ts';
import { useSessionUser } from '../auth/use-session.ts';

/** The admin page: admins and developers only; the review queues come with their issues. */
export function AdminScreen() {
  const user = useSessionUser();
  const role = useRole();
  const titleId = useId();

  if (!canSeeAdmin(role)) {
    return (
      <section className="screen" aria-labelledby={titleId}>
        <h1 id={titleId}>Verify Submissions</h1>
        <div className="panel">
          <h2>Admins Only</h2>
          <p>This area is for administrators. If you believe you should have access, contact an administrator.</p>
          {user ? null : (
            <button type="button" className="button" onClick={() => void signIn({ returnTo: '/admin' })}>
              Sign in
            </button>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="screen" aria-labelledby={titleId}>
      <h1 id={titleId}>Verify Submissions</h1>
      <p>
        Signed in as {user?.name ?? user?.email} ({role}). Review queues for supermatch results and name claims will
        appear here.
      </p>
    </section>
  );
}
