import { Placeholder } from '../ui/Placeholder.tsx';

export function ClubsScreen() {
  return (
    <Placeholder title="Find a club to train with">
      <p>Clubs at gyms and venues around the state will be listed here.</p>
    </Placeholder>
  );
}
