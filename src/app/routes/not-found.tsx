import { Link } from '@tanstack/react-router';

export function NotFoundScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/leaderboards">Go to the leaderboards</Link>.
      </p>
    </section>
  );
}
