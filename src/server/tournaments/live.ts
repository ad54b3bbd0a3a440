import type { Context } from 'hono';
import { liveQuerySchema, type LiveChange } from '../../shared/tournament-contract/tournament.ts';
import type { Db } from '../db/connection.ts';
import { onTournamentChange } from './changes.ts';
import type { TournamentRow } from './load.ts';

/**
 * A tournament's live stream (server-sent events): `event: change`, `id: {version}`, `data: {"version",
 * "category_id"}` for every change of the tournament, from the one in-process notifier (changes.ts,
 * touchTournament), which reads the version once per change however many spectators listen. A client that says
 * which version it holds (a reconnect's Last-Event-ID, else the `since` of the address) and holds an older one gets
 * one change at once: nothing is missed across a reconnect, or between a client's read and its stream opening, and a
 * client that is current reads nothing again. Every open stream ends when the server closes (endLiveStreams), so a
 * shutdown does not wait for spectators to leave.
 *
 * Built for a hall: 2,000 spectators on one process (bench/README.md, live). So a change is encoded once and the
 * same bytes go into every stream; each stream is a plain ReadableStream the server reads straight into its socket
 * (Hono's streamSSE puts a TransformStream, a writer and a second reader in between, and builds and encodes every
 * message per stream); and the keep-alive comments that keep proxies from closing a quiet stream come from one timer
 * that pings a slice of the streams per tick, not one timer per stream all firing in the same second.
 */

export const KEEP_ALIVE_MS = 15_000;
/** The keep-alive round is cut into this many ticks; each pings the streams of one slice. */
export const KEEP_ALIVE_SLICES = 15;

const encoder = new TextEncoder();
const OPENED = encoder.encode(': live\n\n');
const PING = encoder.encode(': keep-alive\n\n');

/** A change as the stream sends it, encoded once per change (the notifier hands every listener the same object). */
const encoded = new WeakMap<LiveChange, Uint8Array>();
export function changeBytes(change: LiveChange): Uint8Array {
  let bytes = encoded.get(change);
  if (!bytes) {
    const data = JSON.stringify({ version: change.version, category_id: change.category_id });
    bytes = encoder.encode(`event: change\ndata: ${data}\nid: ${change.version}\n\n`);
    encoded.set(change, bytes);
  }
  return bytes;
}

/**
 * One timer for every stream's keep-alive: members take slices in turn, and each tick (every `everyMs / slices`)
 * pings one slice, so each member is pinged once per `everyMs` and a hall's worth of streams is pinged a slice at a
 * time. The timer runs only while there are members, and never holds the process open.
 */
export function keepAlive(everyMs: number, slices: number) {
  const bySlice = Array.from({ length: slices }, () => new Set<() => void>());
  let members = 0;
  let joined = 0;
  let tick = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    /** Pings `ping` once a round from the next tick of its slice on; answers the leave. */
    join(ping: () => void): () => void {
      const slice = bySlice[joined++ % slices]!;
      slice.add(ping);
      members++;
      timer ??= setInterval(() => {
        for (const p of bySlice[tick++ % slices]!) p();
      }, everyMs / slices);
      timer.unref?.();
      return () => {
        if (!slice.delete(ping)) return;
        if (--members === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

const pings = keepAlive(KEEP_ALIVE_MS, KEEP_ALIVE_SLICES);
const open = new WeakMap<Db, Set<() => void>>();

/** Ends every open live stream of this database (the server is closing). */
export function endLiveStreams(db: Db): void {
  for (const end of [...(open.get(db) ?? [])]) end();
}

export function liveStream(c: Context, db: Db, t: TournamentRow, since?: number): Response {
  // A reconnect's Last-Event-ID reads as a version the way `since` does (liveQuerySchema); a malformed one is unsaid.
  const lastEventId = liveQuerySchema.shape.since.safeParse(c.req.header('last-event-id'));
  const lastSeen = (lastEventId.success ? lastEventId.data : undefined) ?? since;
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const send = (bytes: Uint8Array) => {
        if (!ended) controller.enqueue(bytes);
      };
      const unsubscribe = onTournamentChange(db, t.id, (change) => send(changeBytes(change)));
      const leave = pings.join(() => send(PING));
      const streams = open.get(db) ?? new Set<() => void>();
      open.set(db, streams);
      end = () => {
        if (ended) return;
        ended = true;
        leave();
        unsubscribe();
        streams.delete(end);
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      };
      streams.add(end);
      // The first bytes: the headers go out now, and a client that missed changes hears of the version at once.
      send(OPENED);
      if (lastSeen !== undefined && lastSeen !== t.version)
        send(changeBytes({ version: t.version, category_id: null }));
    },
    // The spectator left (the server cancels the body when the socket closes).
    cancel: () => end(),
  });
  return c.body(body, 200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    // Not buffered by a proxy (nginx), and never compressed (http/encoding.ts leaves event streams alone).
    'X-Accel-Buffering': 'no',
  });
}
