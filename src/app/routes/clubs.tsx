import { useNavigate, useRouter, useRouterState, useSearch } from '@tanstack/react-router';
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
  const router = useRouter();
  const openedFromList = useRouterState({ select: (s) => s.location.state.clubFromList === true });

  const close = () => {
    if (openedFromList) router.history.back();
    else void navigate({ search: {}, replace: true });
  };
  const div = search.div === 'Men' || search.div === 'Women' ? search.div : undefined;
  const back =
    search.from === 'athlete' && search.ath
      ? () => void navigate({ to: '/leaderboards', search: { goto: 'athlete', ath: search.ath, div } })
      : undefined;

  return <ClubsPage clubName={search.club} onClose={close} onBack={back} />;
}
