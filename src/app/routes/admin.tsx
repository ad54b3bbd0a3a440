import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { canSeeAdmin } from '../../shared/roles.ts';
import { SIGN_IN_NEEDS_CONNECTION, signIn } from '../auth/session.ts';
import { useRole } from '../auth/use-role.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { ScheduledCards } from '../features/admin-cards/ScheduledCards.tsx';
import { AccountReview } from '../features/admin-review/AccountReview.tsx';
import { SupermatchReview } from '../features/admin-review/SupermatchReview.tsx';
import { DatabaseTools } from '../features/admin-tools/DatabaseTools.tsx';
import { InboxPanel, type EventPrefill } from '../features/admin-tools/InboxPanel.tsx';
import { LivestreamAnalytics } from '../features/admin-tools/LivestreamAnalytics.tsx';
import { adminEventsQuery } from '../features/events/events-api.ts';
import { useKnownNames } from '../lib/known-names.ts';
import { settleScroll } from '../lib/settle-scroll.ts';
import { CollapsiblePanel } from '../ui/CollapsiblePanel.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useToast } from '../ui/toast.tsx';

/** The events editor (and zod with it) loads only when an admin creates an event from the inbox. */
const EventEditor = lazy(() => import('../features/events/EventEditor.tsx'));
/** The association's profile (and zod and the cropper with it) loads when an admin opens its panel. */
const AssociationPanel = lazy(() => import('../features/association/AssociationPanel.tsx'));
/** The head table (tournaments) is a chunk of its own inside the admin screen: most admin visits never open it. */
const HeadTable = lazy(() =>
  import('../features/tournament/head-table/HeadTable.tsx').then((m) => ({ default: m.HeadTable })),
);

/**
 * The admin page (its own lazy chunk, see router.tsx): the review queues for
 * supermatch results and name claims, the inbox, livestream analytics, and
 * for developers the database tools. Everyone else sees the Admins Only panel.
 * The page composes the features: an inbox event submission becomes a new
 * draft event in the events feature's editor, shown here in a dialog.
 */
export function AdminScreen() {
  const user = useSessionUser();
  const role = useRole();
  const titleId = useId();
  const toast = useToast();
  const [newEvent, setNewEvent] = useState<EventPrefill | null>(null);
  const admin = canSeeAdmin(role);
  const { panel } = useSearch({ from: '/admin' });
  useScrollTo(admin ? panel : undefined);
  // The scheduled cards' editor picks athletes from the known names and events from the admin's list (drafts too).
  const names = useKnownNames();
  const events = useQuery({ ...adminEventsQuery(user?.sub ?? ''), enabled: admin && !!user }).data;
  const eventOptions = useMemo(() => (events ?? []).map((e) => ({ id: e.id, name: e.name, date: e.date })), [events]);

  if (!admin) {
    const start = (method: 'email' | 'phone') =>
      signIn({ returnTo: '/admin', method }).catch(() => toast.show(SIGN_IN_NEEDS_CONNECTION, { tone: 'error' }));
    return (
      <section className="screen" aria-labelledby={titleId}>
        <h1 id={titleId}>Verify Submissions</h1>
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
  return (
    <section className="screen admin-screen" aria-labelledby={titleId}>
      <h1 id={titleId}>Verify Submissions</h1>
      <p className="muted">
        Signed in as {user?.name ?? user?.email} ({role}).
      </p>
      <SupermatchReview />
      <AccountReview />
      <ScheduledCards names={names} events={eventOptions} />
      <Suspense fallback={<p role="status">Loading the tournaments…</p>}>
        <HeadTable names={names} events={eventOptions} />
      </Suspense>
      <InboxPanel onCreateEvent={setNewEvent} />
      <AssociationSection open={panel === 'association'} />
      {role === 'dev' ? <DatabaseTools /> : null}
      <LivestreamAnalytics />
      {newEvent ? (
        <Dialog title="Create event" className="event-editor-dialog" onClose={() => setNewEvent(null)}>
          <Suspense fallback={<p role="status">Loading the editor…</p>}>
            <EventEditor
              event={null}
              prefill={newEvent}
              onDone={(saved) => {
                setNewEvent(null);
                if (saved)
                  toast.show(`Saved “${saved.name}” as a ${saved.status ?? 'draft'} event.`, { tone: 'success' });
              }}
            />
          </Suspense>
        </Dialog>
      ) : null}
    </section>
  );
}

/**
 * The 'Association' panel: its heading at once, its body's chunk when it is first opened. `#/admin?panel=association`
 * (where a new admin lands after setup) opens it.
 */
function AssociationSection({ open }: { open: boolean }) {
  const [opened, setOpened] = useState(open);
  return (
    <div id="association">
      <CollapsiblePanel title="Association" defaultOpen={open} onOpen={() => setOpened(true)}>
        {opened ? (
          <Suspense fallback={<p role="status">Loading the association…</p>}>
            <AssociationPanel />
          </Suspense>
        ) : null}
      </CollapsiblePanel>
    </div>
  );
}

/**
 * `#/admin?panel=association`: the screen opens scrolled to the panel whose element has that id (where a new admin
 * lands after setup). The panel may come after the screen (the role is asked for first, a chunk may follow), and the
 * panels above it grow as their data comes: it is scrolled to each time the page changes size, until the person
 * scrolls, taps or types, or 10 s have passed (a busy phone's queries).
 */
function useScrollTo(id: string | undefined) {
  useEffect(() => {
    if (!id) return;
    return settleScroll(() => {
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
      return false;
    }, 10_000);
  }, [id]);
}

export const Route = createLazyRoute('/admin')({ component: AdminScreen });
