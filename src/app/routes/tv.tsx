import { createLazyRoute, useSearch } from '@tanstack/react-router';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import type { Tournament } from '../../shared/tournament-contract/tournament.ts';
import { BracketTree } from '../features/tournament/brackets/BracketTree.tsx';
import '../features/tournament/brackets/brackets.css';
import { TvScreen } from '../features/tournament/tv/TvScreen.tsx';

/**
 * The hall's TV, `#/tv?tournament={id}`: no top bar, nothing to press (features/tournament/tv). The route puts
 * the two screens together: the TV's brackets, in their turn, are the brackets page's tree, whole on the screen
 * (no pan or zoom controls), its table's match now pulling marked as on the page.
 */
function TvBracket({ category, tournament }: { category: TournamentCategory; tournament: Tournament }) {
  return (
    <BracketTree category={category} settings={tournament.settings} categories={tournament.categories} zoom="fit" />
  );
}

function TvRouteScreen() {
  const { tournament } = useSearch({ from: '/tv' });
  return <TvScreen tournamentId={tournament} Bracket={TvBracket} />;
}

export const Route = createLazyRoute('/tv')({ component: TvRouteScreen });
