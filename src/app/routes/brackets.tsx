import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { BracketsPage } from '../features/tournament/brackets/BracketsPage.tsx';

/**
 * The brackets page (its own chunk): the tournaments, one by ?tournament=, its category by ?category=, and
 * 'Find an athlete' by ?athlete= (kept in the address as it is typed, so the link can be shared).
 */
export function BracketsScreen() {
  const search = useSearch({ from: '/brackets' });
  const navigate = useNavigate({ from: '/brackets' });
  return (
    <BracketsPage
      key={search.tournament}
      tournamentId={search.tournament}
      categoryId={search.category}
      athlete={search.athlete}
      onAthlete={(name) =>
        void navigate({
          search: (s) => ({ ...s, athlete: name.trim() || undefined }),
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}

export const Route = createLazyRoute('/brackets')({ component: BracketsScreen });
