import { markSeen, readLastSeen, type LastSeen } from './last-seen.ts';
import { createSignal } from './signal.ts';

/** Lets the top bar's 'new' dots update the moment a route is seen. */
const lastSeen = createSignal<LastSeen>(readLastSeen());

export function recordNavigation(routeName: string): void {
  lastSeen.set(markSeen(routeName));
}

export const useLastSeen = lastSeen.use;
