import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { canSeeAdmin } from '../../shared/roles.ts';
import { AdminsOnly } from '../auth/AdminsOnly.tsx';
import { useRole } from '../auth/use-role.ts';
import { useAdminEventOptions } from '../features/events/events-api.ts';
import { HeadTable } from '../features/tournament/head-table/HeadTable.tsx';
import { useKnownNames } from '../lib/known-names.ts';

/**
 * The head table (its own chunk, admins and developers; everyone else sees Admins Only): the tournaments, one by
 * ?tournament=, its category at hand by ?category=. A new tournament's events are the admin's (drafts too), and
 * athletes are entered from the known names.
 */
export function HeadTableScreen() {
  const admin = canSeeAdmin(useRole());
  const search = useSearch({ from: '/head-table' });
  const navigate = useNavigate({ from: '/head-table' });
  const names = useKnownNames();
  const events = useAdminEventOptions(admin);
  if (!admin) {
    const query = search.tournament ? `?tournament=${search.tournament}` : '';
    return <AdminsOnly title="Head table" returnTo={`/head-table${query}`} />;
  }
  return (
    <HeadTable
      tournamentId={search.tournament}
      categoryId={search.category}
      names={names}
      events={events}
      onTournament={(tournament) => void navigate({ search: { tournament } })}
      // Another category is the same screen: the address follows without a new history entry or a jump to the top.
      onCategory={(category) =>
        void navigate({ search: (s) => ({ ...s, category }), replace: true, resetScroll: false })
      }
    />
  );
}

export const Route = createLazyRoute('/head-table')({ component: HeadTableScreen });
