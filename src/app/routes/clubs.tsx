import { createLazyRoute, useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { ClubsPage } from '../features/clubs/ClubsPage.tsx';

/**
 * The clubs page (its own chunk). ?club={name} opens a club; closing removes
 * club, from, ath and div (opened from a card of the list, closing is going
 * back, so Back never reopens it). With from=athlete the modal's Back returns
 * to the leaderboards with goto=athlete, ath and div, and the athlete popup
 * opens again.
 */
export function ClubsScreen() {
  const search = useSearch({ from: '/clubs' });
  const navigate = useNavigate({ from: '/clubs' });
  const { history } = useRouter();
  const openedFromList = useLocation({ select: (l) => l.state.clubFromList === true });

  const close = () => {
    if (openedFromList) history.back();
    else void navigate({ search: {}, replace: true, resetScroll: false });
  };
  const back =
    search.from === 'athlete' && search.ath
      ? () => void navigate({ to: '/leaderboards', search: { goto: 'athlete', ath: search.ath, div: search.div } })
      : undefined;

  return <ClubsPage clubName={search.club} onClose={close} onBack={back} />;
}

export const Route = createLazyRoute('/clubs')({ component: ClubsScreen });
