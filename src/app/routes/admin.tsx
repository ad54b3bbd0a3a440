import { useId } from 'react';
import { canSeeAdmin } from '../../shared/roles.ts';
import { signIn } from '../auth/session.ts';
import { useRole } from '../auth/use-role.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { AccountReview } from '../features/admin-review/AccountReview.tsx';
import { SupermatchReview } from '../features/admin-review/SupermatchReview.tsx';
import { DatabaseTools } from '../features/admin-tools/DatabaseTools.tsx';
import { InboxPanel } from '../features/admin-tools/InboxPanel.tsx';
import { LivestreamAnalytics } from '../features/admin-tools/LivestreamAnalytics.tsx';

/**
 * The admin page (its own lazy chunk, see router.tsx): the review queues for
 * supermatch results and name claims, the inbox, livestream analytics, and
 * for developers the database tools. Everyone else sees the Admins Only panel.
 */
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
    <section className="screen admin-screen" aria-labelledby={titleId}>
      <h1 id={titleId}>Verify Submissions</h1>
      <SupermatchReview />
      <AccountReview />
      <InboxPanel />
      {role === 'dev' ? <DatabaseTools /> : null}
      <LivestreamAnalytics />
    </section>
  );
}
