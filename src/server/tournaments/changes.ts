import type { LiveChange } from '../../shared/tournament-contract/tournament.ts';
import type { Db } from '../db/connection.ts';

/**
 * A tournament's changes, told in process: every write moves the tournament's version (the public read is cached
 * by it, read.ts) and tells whoever listens (the live streams, live.ts). Kept apart from the loading code: loading
 * changes nothing, and the writers need this and nothing of it.
 */

type Listener = (change: LiveChange) => void;
const listeners = new WeakMap<Db, Map<number, Set<Listener>>>();

/**
 * Moves the tournament's version and tells its listeners the new version and the category that changed (null:
 * several, or the tournament itself). The version is read once here, and one change object goes to every listener
 * (the live stream encodes it once), so a change costs one read for 1 listener or 2,000. They are told on the next
 * turn of the event loop (setImmediate): after the synchronous transaction this is called in has ended, and after
 * the request that made the change has been answered, so a table device does not wait while a hall is told.
 */
export function touchTournament(db: Db, tournamentId: number, categoryId: number | null = null): void {
  const version = db
    .prepare('UPDATE tournaments SET version = version + 1 WHERE id = ? RETURNING version')
    .pluck()
    .get(tournamentId) as number | undefined;
  const set = listeners.get(db)?.get(tournamentId);
  if (version === undefined || !set?.size) return;
  const change: LiveChange = { version, category_id: categoryId };
  setImmediate(() => {
    for (const listener of set) listener(change);
  });
}

/** Calls `listener` after every change to one tournament (a live stream listens here). Returns the unsubscribe. */
export function onTournamentChange(db: Db, tournamentId: number, listener: Listener): () => void {
  const byTournament = listeners.get(db) ?? new Map<number, Set<Listener>>();
  listeners.set(db, byTournament);
  const set = byTournament.get(tournamentId) ?? new Set<Listener>();
  byTournament.set(tournamentId, set);
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && byTournament.get(tournamentId) === set) byTournament.delete(tournamentId);
  };
}
