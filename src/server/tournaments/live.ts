import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { liveQuerySchema } from '../../shared/tournament-contract/tournament.ts';
import type { Db } from '../db/connection.ts';
import { onTournamentChange } from './changes.ts';
import type { TournamentRow } from './load.ts';

/**
 * A tournament's live stream (server-sent events): `event: change`, `id: {version}`, `data: {"version",
 * "category_id"}` for every change of the tournament, from the one in-process notifier (changes.ts,
 * touchTournament), which reads the version once per change however many spectators listen. A comment every
 * 15 s keeps proxies from closing a quiet stream. A client that says which version it holds (a reconnect's
 * Last-Event-ID, else the `since` of the address) and holds an older one gets one change at once: nothing is missed
 * across a reconnect, or between a client's read and its stream opening, and a client that is current reads nothing
 * again. Every open stream ends when the server closes (endLiveStreams), so a shutdown does not wait for
 * spectators to leave.
 */

export const KEEP_ALIVE_MS = 15_000;

const open = new WeakMap<Db, Set<() => void>>();

/** Ends every open live stream of this database (the server is closing). */
export function endLiveStreams(db: Db): void {
  for (const end of [...(open.get(db) ?? [])]) end();
}

export function liveStream(
  c: Context,
  db: Db,
  t: TournamentRow,
  since?: number,
  keepAliveMs = KEEP_ALIVE_MS,
): Response {
  // A reconnect's Last-Event-ID reads as a version the way `since` does (liveQuerySchema); a malformed one is unsaid.
  const lastEventId = liveQuerySchema.shape.since.safeParse(c.req.header('last-event-id'));
  const lastSeen = (lastEventId.success ? lastEventId.data : undefined) ?? since;
  const res = streamSSE(c, async (stream) => {
    await new Promise<void>((resolve) => {
      const send = (version: number, categoryId: number | null) =>
        void stream.writeSSE({
          event: 'change',
          id: String(version),
          data: JSON.stringify({ version, category_id: categoryId }),
        });
      const unsubscribe = onTournamentChange(db, t.id, (change) => send(change.version, change.category_id));
      const ping = setInterval(() => void stream.write(': keep-alive\n\n'), keepAliveMs);
      const streams = open.get(db) ?? new Set<() => void>();
      open.set(db, streams);
      const end = () => {
        clearInterval(ping);
        unsubscribe();
        streams.delete(end);
        resolve();
      };
      streams.add(end);
      stream.onAbort(end);
      // The first bytes: the headers go out now, and a client that missed changes hears of the version at once.
      void stream.write(': live\n\n');
      if (lastSeen !== undefined && lastSeen !== t.version) send(t.version, null);
    });
  });
  // Not buffered by a proxy (nginx), never compressed (http/encoding.ts), and its connection not kept for reuse.
  res.headers.set('X-Accel-Buffering', 'no');
  return res;
}
