import type { HeadToHead, HeadToHeadSide, Meeting } from '../../shared/answers/head-to-head.ts';
import type { Hand } from '../../shared/rankings.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { findAthlete } from '../rankings/athlete-details.ts';
import { storedRating, storedTemperature } from '../ratings/engine.ts';
import { shownChances } from '../ratings/app-ratings.ts';
import { freshRating, skillOf, type Rating } from '../ratings/model.ts';

/**
 * Two athletes on one hand, for the back of a supermatch card: every time
 * they met (a supermatch between them, or the same bracket), who won more
 * often, each one's recent form, and the model's chance that A beats B.
 */

/** The last five results on the hand, newest first: supermatches by their pins, brackets won only with first place. */
function form(db: Db, athleteId: number, hand: Hand): ('W' | 'L')[] {
  const rows = db
    .prepare(
      `SELECT date, won FROM (
         SELECT s.date, s.id AS tie, CASE WHEN s.athlete_a = @id THEN s.a_wins > s.b_wins ELSE s.b_wins > s.a_wins END AS won,
                1 AS later
         FROM supermatch_results s WHERE s.hand = @hand AND @id IN (s.athlete_a, s.athlete_b)
         UNION ALL
         SELECT e.date, p.id, p.place = 1, 0
         FROM placements p JOIN result_events e ON e.id = p.event_id WHERE p.hand = @hand AND p.athlete_id = @id
       ) ORDER BY date DESC, later DESC, tie DESC LIMIT 5`,
    )
    .all({ id: athleteId, hand }) as { won: number }[];
  return rows.map((r) => (r.won ? 'W' : 'L'));
}

function meetings(db: Db, a: number, b: number, hand: Hand): Meeting[] {
  const matches = (
    db
      .prepare(
        `SELECT s.id, s.date, e.name AS event, s.athlete_a, s.a_wins, s.b_wins
         FROM supermatch_results s LEFT JOIN result_events e ON e.id = s.event_id
         WHERE s.hand = ? AND ((s.athlete_a = ? AND s.athlete_b = ?) OR (s.athlete_a = ? AND s.athlete_b = ?))`,
      )
      .all(hand, a, b, b, a) as {
      id: number;
      date: string;
      event: string | null;
      athlete_a: number;
      a_wins: number;
      b_wins: number;
    }[]
  ).map((m): Meeting & { order: number } => {
    const [aPins, bPins] = m.athlete_a === a ? [m.a_wins, m.b_wins] : [m.b_wins, m.a_wins];
    return {
      date: m.date,
      kind: 'supermatch',
      event: m.event,
      a_pins: aPins,
      b_pins: bPins,
      a_place: null,
      b_place: null,
      winner: aPins > bPins ? 'A' : 'B',
      order: 1,
    };
  });
  const brackets = (
    db
      .prepare(
        `SELECT e.date, e.name AS event, pa.place AS a_place, pb.place AS b_place
         FROM placements pa
         JOIN placements pb ON pb.event_id = pa.event_id AND pb.hand = pa.hand AND pb.division = pa.division
           AND pb.category = pa.category AND pb.weight_class = pa.weight_class
         JOIN result_events e ON e.id = pa.event_id
         WHERE pa.athlete_id = ? AND pb.athlete_id = ? AND pa.hand = ?`,
      )
      .all(a, b, hand) as { date: string; event: string; a_place: number; b_place: number }[]
  ).map((p): Meeting & { order: number } => ({
    date: p.date,
    kind: 'bracket',
    event: p.event,
    a_pins: null,
    b_pins: null,
    a_place: p.a_place,
    b_place: p.b_place,
    winner: p.a_place < p.b_place ? 'A' : p.b_place < p.a_place ? 'B' : null,
    order: 0,
  }));
  // Newest first; on one day a supermatch is rated after the brackets, so it is the later result.
  return [...matches, ...brackets]
    .sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : y.order - x.order))
    .map(({ order: _order, ...m }) => m);
}

export function headToHead(db: Db, names: { a: string; b: string }, hand: Hand, bestOf: number): HeadToHead {
  const a = findAthlete(db, names.a);
  const b = findAthlete(db, names.b);
  if (!a || !b) {
    const missing = !a ? names.a : names.b;
    throw new HttpError(404, 'not_found', `No athlete named "${missing}".`);
  }
  const ra = storedRating(db, a.id, hand);
  const rb = storedRating(db, b.id, hand);
  const side = (name: string, rating: Rating | null, id: number): HeadToHeadSide => ({
    name,
    skill: rating ? skillOf(rating) : null,
    form: form(db, id, hand),
  });
  const met = meetings(db, a.id, b.id, hand);
  const [pa, pb] = [ra ?? freshRating(), rb ?? freshRating()];
  return {
    hand,
    a: side(a.name, ra, a.id),
    b: side(b.name, rb, b.id),
    meetings: met,
    record: { a: met.filter((m) => m.winner === 'A').length, b: met.filter((m) => m.winner === 'B').length },
    chance: { ...shownChances(pa, pb, bestOf, storedTemperature(db)), best_of: bestOf },
  };
}
