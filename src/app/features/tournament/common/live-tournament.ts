import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { apiUrl } from '../../../lib/api.ts';
import { useAfterFirstContent } from '../../../lib/first-content.ts';
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
 *
 * The stream opens once the screen's first content is up (lib/first-content.ts): on a hall's slow connection it
 * does not take bandwidth from the read that draws the screen. It says which version that read holds (`since`), so
 * the server announces anything newer at once and a current read is not fetched a second time.
 */
export function useLiveTournament(id: number | null | undefined): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('off');
  const mayOpen = useAfterFirstContent();
  useEffect(() => {
    if (!mayOpen || id == null || typeof EventSource === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(id) });
    let poll: ReturnType<typeof setInterval> | undefined;
    const stopPolling = () => {
      if (poll !== undefined) clearInterval(poll);
      poll = undefined;
    };
    const heldVersion = () => queryClient.getQueryData<Tournament>(tournamentKeys.detail(id))?.version;
    const held = heldVersion();
    // The newest version the stream has named: a reconnect sends it back (Last-Event-ID), so the server names
    // nothing older again.
    let named = held;
    const source = new EventSource(apiUrl(`/tournaments/${id}/live${held === undefined ? '' : `?since=${held}`}`));
    source.addEventListener('change', (event) => {
      if (/^\d+$/.test(event.lastEventId)) named = Number(event.lastEventId);
      refresh();
    });
    source.onopen = () => {
      stopPolling();
      setState('live');
      // Read once on (re)connecting when the server cannot tell: nothing was read to name a version, so changes
      // before the stream opened (or while it was down) were not announced; or the read of a change the stream
      // named failed (the connection dropped with it), and the reconnect says that change was heard.
      const now = heldVersion();
      if (held === undefined || now === undefined || (named !== undefined && now < named)) refresh();
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
  }, [id, queryClient, mayOpen]);
  return state;
}
