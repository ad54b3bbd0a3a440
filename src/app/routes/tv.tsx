import { createLazyRoute, useSearch } from '@tanstack/react-router';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import { CategoryView } from '../features/tournament/brackets/CategoryView.tsx';
import '../features/tournament/brackets/brackets.css';
import { TvScreen } from '../features/tournament/tv/TvScreen.tsx';

/**
 * The hall's TV, `#/tv?tournament={id}`: no top bar, nothing to press (features/tournament/tv). The route puts
 * the two screens together: the TV's brackets, in their turn, are drawn by TvBracket, for now the brackets page's
 * own view of a category; the one line to change when the TV draws brackets another way.
 */
function TvBracket({ category }: { category: TournamentCategory }) {
  return <CategoryView category={category} />;
}

function TvRouteScreen() {
  const { tournament } = useSearch({ from: '/tv' });
  return <TvScreen tournamentId={tournament} Bracket={TvBracket} />;
}

export const Route = createLazyRoute('/tv')({ component: TvRouteScreen });
