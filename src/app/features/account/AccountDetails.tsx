import { useId } from 'react';
import type { NameStatus } from '../../../shared/name-claims.ts';
import { CollapsiblePanel } from '../../ui/CollapsiblePanel.tsx';
import { ContactsForm } from './ContactsForm.tsx';
import { NameVerification } from './NameVerification.tsx';
import { useNameStatus, type GetToken } from './name-status-api.ts';
import { STATE_TEXTS } from './name-verification-texts.ts';

/**
 * The signed-in account page's body: the collapsible Profile
 * panel (name verification, contacts) and the Challenges panel. A lazy chunk:
 * it carries zod and the forms, which the first screen must not pay for.
 */

const NEVER_SUBMITTED: NameStatus = { status: 'never_submitted', athlete_name: null, pending_requested_name: null };

export default function AccountDetails({ sub, getToken }: { sub: string; getToken: GetToken }) {
  const query = useNameStatus(sub, getToken);
  // A failed status read is silent: with nothing known, the page starts from the beginning.
  const status = query.data ?? (query.isError ? NEVER_SUBMITTED : undefined);
  const bodyId = useId();

  return (
    <>
      <CollapsiblePanel
        title="Profile"
        className="account-panel"
        badge={
          status ? { text: STATE_TEXTS[status.status].badge, className: `status-badge status-${status.status}` } : null
        }
      >
        <NameVerification key={sub} sub={sub} status={status} getToken={getToken} />
        <ContactsForm key={`contacts-${sub}`} sub={sub} />
      </CollapsiblePanel>

      <section className="panel account-panel" aria-labelledby={`${bodyId}-challenges`}>
        <h2 id={`${bodyId}-challenges`} className="panel-title">
          Challenges <span className="status-badge status-soon">Coming soon</span>
        </h2>
      </section>
    </>
  );
}
