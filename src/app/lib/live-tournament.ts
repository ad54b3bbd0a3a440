import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiUrl } from './api.ts';
import { tournamentKeys } from './tournament-keys.ts';

/** How often a tournament is read again while its live stream is down (the promise is: within 2 s). */
export const LIVE_POLL_MS = 2000;

export type LiveState = 'live' | 'polling' | 'off';

/**
 * Keeps an open tournament fresh by itself: the server's live stream (server-sent events, one per change) marks
 * the tournament's read stale, and TanStack Query reads it again (with its ETag: an unchanged answer costs a 304).
 * While the stream is down (a proxy that buffers it, the server restarting) the read is repeated every
 * LIVE_POLL_MS instead; EventSource reconnects by itself and polling stops once it is back. Offline, neither
 * runs: the service worker's copy is shown with its age. Used by the brackets page, the table screen and the head
 * table; `id` null: nothing to follow.
 */
export function useLiveTournament(id: number | null | undefined): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('off');
  useEffect(() => {
    if (id == null || typeof EventSource === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(id) });
    let poll: ReturnType<typeof setInterval> | undefined;
    const stopPolling = () => {
      if (poll !== undefined) clearInterval(poll);
      poll = undefined;
    };
    const source = new EventSource(apiUrl(`/tournaments/${id}/live`));
    source.addEventListener('change', refresh);
    source.onopen = () => {
      stopPolling();
      setState('live');
      // Changes made while the stream was down were not announced: read once on (re)connecting.
      refresh();
    };
    source.onerror = () => {
      if (poll !== undefined) return;
      setState('polling');
      poll = setInterval(() => {
        if (navigator.onLine) refresh();
      }, LIVE_POLL_MS);
    };
    return () => {
      source.close();
      stopPolling();
      setState('off');
    };
  }, [id, queryClient]);
  return state;
}
