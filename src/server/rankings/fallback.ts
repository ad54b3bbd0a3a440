import type { Db } from '../db/connection.ts';
import { computeStandings } from './standings.ts';
import { listEvents } from '../events/store.ts';
import { publicCards } from '../supermatches/public-cards.ts';

/** The fallback file: the men and women leaderboard blocks the app reads when the API fails. */
export function fallbackDocument(db: Db) {
  return {
    generated_at: new Date().toISOString(),
    men: computeStandings(db, 'M').board,
    women: computeStandings(db, 'F').board,
    // The events the page shows when GET /api/v1/events fails or is empty (never drafts).
    events: listEvents(db, { drafts: false }),
    // Every supermatch card, as GET /api/v1/supermatches answers its `cards`, for the page when that fails.
    supermatches: publicCards(db),
  };
}
