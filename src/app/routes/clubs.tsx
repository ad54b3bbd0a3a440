import { ClubsPage } from '../features/clubs/ClubsPage.tsx';
import { goBack, navigate, useLocation } from '../lib/navigation.ts';
import { useSearch } from '../lib/search-params.ts';

/**
 * The clubs page (its own chunk). ?club={name} opens a club; closing removes
 * club, from, ath and div (opened from a card of the list, closing is going
 * back, so Back never reopens it). With from=athlete the modal's Back returns
 * to the leaderboards with goto=athlete, ath and div, and the athlete popup
 * opens again.
 */
export function ClubsScreen() {
  const search = useSearch('/clubs');
  const openedFromList = useLocation().state.clubFromList === true;

  const close = () => {
    if (openedFromList) goBack();
    else navigate({ search: {}, replace: true });
  };
  const div = search.div === 'Men' || search.div === 'Women' ? search.div : undefined;
  const back =
    search.from === 'athlete' && search.ath
      ? () => navigate({ to: '/leaderboards', search: { goto: 'athlete', ath: search.ath, div } })
      : undefined;

  return <ClubsPage clubName={search.club} onClose={close} onBack={back} />;
}
