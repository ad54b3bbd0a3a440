import { createLazyRoute, useSearch } from '@tanstack/react-router';
import type { TournamentCategory } from '../../shared/tournament-contract/category.ts';
import type { Tournament } from '../../shared/tournament-contract/tournament.ts';
import { BracketTree } from '../features/tournament/brackets/BracketTree.tsx';
import '../features/tournament/brackets/brackets.css';
import { TvScreen } from '../features/tournament/tv/TvScreen.tsx';

/**
 * The hall's TV, `#/tv?tournament={id}`: no top bar, nothing to press (features/tournament/tv). The route puts
 * the two screens together: the TV's brackets, in their turn, are the brackets page's tree without its pan and zoom
 * controls, opened on the match its table is pulling, as on the page.
 */
function TvBracket({ category, tournament }: { category: TournamentCategory; tournament: Tournament }) {
  return (
    <>
      <h2 className="tv-bracket-title">{category.name}</h2>
      {/* A fixed zoom, not 'fit': a 64-athlete bracket made to fit is unreadable across a hall. It opens on the
          match its table is pulling (the page's opening), and what does not fit is cut (tv.css). */}
      <BracketTree
        category={category}
        settings={tournament.settings}
        categories={tournament.categories}
        zoom={0.9}
        still
      />
    </>
  );
}

function TvRouteScreen() {
  const { tournament } = useSearch({ from: '/tv' });
  return <TvScreen tournamentId={tournament} Bracket={TvBracket} />;
}

export const Route = createLazyRoute('/tv')({ component: TvRouteScreen });
