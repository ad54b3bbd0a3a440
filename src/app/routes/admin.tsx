import { createLazyRoute, Link, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { canSeeAdmin } from '../../shared/roles.ts';
import { AdminsOnly } from '../auth/AdminsOnly.tsx';
import { useRole } from '../auth/use-role.ts';
import { useSessionUser } from '../auth/use-session.ts';
import { ScheduledCards } from '../features/admin-cards/ScheduledCards.tsx';
import { AccountReview } from '../features/admin-review/AccountReview.tsx';
import { SupermatchReview } from '../features/admin-review/SupermatchReview.tsx';
import { DatabaseTools } from '../features/admin-tools/DatabaseTools.tsx';
import { InboxPanel, type EventPrefill } from '../features/admin-tools/InboxPanel.tsx';
import { LivestreamAnalytics } from '../features/admin-tools/LivestreamAnalytics.tsx';
import { useAdminEventOptions } from '../features/events/events-api.ts';
import { useKnownNames } from '../lib/known-names.ts';
import { settleScroll } from '../lib/settle-scroll.ts';
import { CollapsiblePanel } from '../ui/CollapsiblePanel.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useToast } from '../ui/toast.tsx';

/** The events editor (and zod with it) loads only when an admin creates an event from the inbox. */
const EventEditor = lazy(() => import('../features/events/EventEditor.tsx'));
/** The association's profile (and zod and the cropper with it) loads when an admin opens its panel. */
const AssociationPanel = lazy(() => import('../features/association/AssociationPanel.tsx'));

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
  const eventOptions = useAdminEventOptions(admin);

  if (!admin) return <AdminsOnly title="Verify Submissions" returnTo="/admin" />;
  return (
    <section className="screen admin-screen" aria-labelledby={titleId}>
      <h1 id={titleId}>Verify Submissions</h1>
      <p className="muted">
        Signed in as {user?.name ?? user?.email} ({role}).
      </p>
      <SupermatchReview />
      <AccountReview />
      <ScheduledCards names={names} events={eventOptions} />
      <HeadTablePanel />
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

/** Tournament day has a screen of its own (#/head-table): the admin screen only leads there. */
function HeadTablePanel() {
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Head table</h2>
      <p className="muted">Run a tournament: categories, weigh-ins, the draw, the tables and their results.</p>
      <Link to="/head-table" className="button secondary">
        Open the head table
      </Link>
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
