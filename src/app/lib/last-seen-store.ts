import { useSyncExternalStore } from 'react';
import { markSeen, readLastSeen, type LastSeen } from './last-seen.ts';

/** Lets the top bar's 'new' dots update the moment a route is seen. */
let snapshot: LastSeen = readLastSeen();
const listeners = new Set<() => void>();

export function recordNavigation(routeName: string): void {
  snapshot = markSeen(routeName);
  listeners.forEach((l) => l());
}

export function useLastSeen(): LastSeen {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}
