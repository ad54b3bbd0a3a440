import type { Db } from '../db/connection.ts';
import { computeStandings } from './standings.ts';

/** The fallback file's shape (spec part 1 §7): the men and women leaderboard blocks the app reads when the API fails. */
export function fallbackDocument(db: Db) {
  return {
    generated_at: new Date().toISOString(),
    men: computeStandings(db, 'M').board,
    women: computeStandings(db, 'F').board,
  };
}
