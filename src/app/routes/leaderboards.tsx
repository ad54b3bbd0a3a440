import { Placeholder } from '../ui/Placeholder.tsx';

export function LeaderboardsScreen() {
  return (
    <Placeholder title="Leaderboards">
      <p>
        Men&apos;s and women&apos;s rankings for the left and right hand, by weight class, are being prepared and will
        appear here.
      </p>
    </Placeholder>
  );
}
