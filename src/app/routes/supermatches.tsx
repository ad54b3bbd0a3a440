import { Placeholder } from '../ui/Placeholder.tsx';

export function SupermatchesScreen() {
  return (
    <Placeholder title="Supermatches">
      <p>Upcoming and past supermatches will be listed here.</p>
    </Placeholder>
  );
}
