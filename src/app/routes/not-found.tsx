import { Link } from '@tanstack/react-router';
import { useId } from 'react';

export function NotFoundScreen() {
  const titleId = useId();
  return (
    <section className="screen" aria-labelledby={titleId}>
      <h1 id={titleId}>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/leaderboards">Go to the leaderboards</Link>.
      </p>
    </section>
  );
}
