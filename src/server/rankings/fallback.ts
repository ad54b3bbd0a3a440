import type { Db } from '../db/connection.ts';
import { computeStandings } from './standings.ts';
import { listEvents } from '../events/store.ts';
import { publicCards } from '../supermatches/public-cards.ts';
import { listClubs } from '../clubs/store.ts';

/** The fallback file: the men and women leaderboard blocks the app reads when the API fails. */
export function fallbackDocument(db: Db) {
  const men = computeStandings(db, 'M');
  const women = computeStandings(db, 'F');
  return {
    generated_at: new Date().toISOString(),
    men: men.board,
    women: women.board,
    // The events the page shows when GET /api/v1/events fails or is empty (never drafts).
    events: listEvents(db, { drafts: false }),
    // Every supermatch card, as GET /api/v1/supermatches answers its `cards`, for the page when that fails.
    supermatches: publicCards(db),
    // Every club, as GET /clubs.json answers it.
    clubs: listClubs(db, (sex) => (sex === 'M' ? men : women)),
  };
}
