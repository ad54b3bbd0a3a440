import { Placeholder } from '../ui/Placeholder.tsx';

export function EventsScreen() {
  return (
    <Placeholder title="Upcoming Events">
      <p>Tournaments and events across the state will be listed here, with past events and a form to add one.</p>
    </Placeholder>
  );
}
