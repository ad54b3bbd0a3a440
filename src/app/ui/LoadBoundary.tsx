import { Component, type ReactNode } from 'react';

/**
 * A lazily loaded piece (a form, a sheet) whose chunk cannot be fetched, e.g.
 * offline before the app was cached, must not take the leaderboards down with
 * it: this shows `fallback` in its place instead.
 */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * What stands where a piece could not load. Try again reloads the page rather than importing again: the browser
 * keeps a module that failed to load as failed for the page's lifetime.
 */
export function LoadFailed({ what }: { what: string }) {
  return (
    <p className="muted" role="alert">
      {what} could not load. Check the connection and try again.{' '}
      <button type="button" className="button secondary small" onClick={() => window.location.reload()}>
        Try again
      </button>
    </p>
  );
}
