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
