import type { AthleteResult, Hand } from '../../shared/rankings.ts';
import type { Db } from '../db/connection.ts';
import { freshRating, skillOf } from '../ratings/model.ts';
import type { Units } from '../../shared/association.ts';
import { readAssociation } from '../association/store.ts';
import { medalsOf } from './medals.ts';

/** One day's stored rating of one hand, oldest first (the athlete's rating_history rows). */
export interface HistoryRow {
  hand: Hand;
  date: string;
  mu: number;
  sigma: number;
}

const FRESH_SKILL = skillOf(freshRating());

/**
 * Every rated result of one athlete, newest first, with the skill the
 * leaderboards showed before and after it. The ratings are kept per day, so
 * "after" is the skill at the end of the result's day on that hand and
 * "before" the one at the end of the last earlier day it changed (a newcomer's
 * starting skill before the first result).
 */
export function athleteResults(db: Db, athleteId: number, history: readonly HistoryRow[]): AthleteResult[] {
  const days: Record<Hand, HistoryRow[]> = { LH: [], RH: [] };
  for (const h of history) days[h.hand].push(h);
  const skills = (hand: Hand, date: string) => {
    const rows = days[hand];
    let before = FRESH_SKILL;
    let after: number | null = null;
    for (const r of rows) {
      if (r.date < date) before = skillOf(r);
      else if (r.date === date) after = skillOf(r);
      else break;
    }
    return { skill_before: before, skill_after: after ?? before };
  };

  const matches = db
    .prepare(
      `SELECT s.id, s.date, s.hand, e.name AS event, o.name AS opponent,
              CASE WHEN s.athlete_a = @id THEN s.a_wins ELSE s.b_wins END AS won,
              CASE WHEN s.athlete_a = @id THEN s.b_wins ELSE s.a_wins END AS lost
       FROM supermatch_results s
       JOIN athletes o ON o.id = CASE WHEN s.athlete_a = @id THEN s.athlete_b ELSE s.athlete_a END
       LEFT JOIN result_events e ON e.id = s.event_id
       WHERE @id IN (s.athlete_a, s.athlete_b)`,
    )
    .all({ id: athleteId }) as {
    id: number;
    date: string;
    hand: Hand;
    event: string | null;
    opponent: string;
    won: number;
    lost: number;
  }[];
  // A published tournament category's placing reads with its category's division and unit.
  const placings = db
    .prepare(
      `SELECT p.id, e.date, p.hand, e.name AS event, COALESCE(tc.division, p.division) AS division, tc.units,
              p.weight_class, p.place
       FROM placements p JOIN result_events e ON e.id = p.event_id
       LEFT JOIN tournament_categories tc ON tc.id = p.tournament_category_id
       WHERE p.athlete_id = ?`,
    )
    .all(athleteId) as {
    id: number;
    date: string;
    hand: Hand;
    event: string;
    division: string;
    units: Units | null;
    weight_class: string;
    place: number;
  }[];

  const pulls = db
    .prepare(
      `SELECT r.id, r.date, r.hand, e.name AS event, o.name AS opponent, c.division, c.weight_class, c.units,
              (r.winner = 'A') = (r.athlete_a = @id) AS won
       FROM tournament_rated_matches r
       JOIN tournaments t ON t.id = r.tournament_id
       JOIN tournament_categories c ON c.id = r.category_id
       JOIN athletes o ON o.id = CASE WHEN r.athlete_a = @id THEN r.athlete_b ELSE r.athlete_a END
       LEFT JOIN result_events e ON e.id = t.result_event_id
       WHERE @id IN (r.athlete_a, r.athlete_b)`,
    )
    .all({ id: athleteId }) as {
    id: number;
    date: string;
    hand: Hand;
    event: string | null;
    opponent: string;
    division: string;
    weight_class: string;
    units: Units;
    won: number;
  }[];

  const { bracketLabel } = medalsOf(readAssociation(db));
  const rows: (AthleteResult & { order: number; id: number })[] = [
    ...pulls.map((m) => ({
      date: m.date,
      event: m.event,
      hand: m.hand,
      kind: 'match' as const,
      opponent: m.opponent,
      bracket: bracketLabel(m.division, m.weight_class, m.units),
      place: null,
      pins: { won: m.won, lost: 1 - m.won },
      won: m.won === 1,
      ...skills(m.hand, m.date),
      order: 1,
      id: m.id,
    })),
    ...matches.map((m) => ({
      date: m.date,
      event: m.event,
      hand: m.hand,
      kind: 'supermatch' as const,
      opponent: m.opponent,
      bracket: null,
      place: null,
      pins: { won: m.won, lost: m.lost },
      won: m.won > m.lost,
      ...skills(m.hand, m.date),
      order: 2,
      id: m.id,
    })),
    ...placings.map((p) => ({
      date: p.date,
      event: p.event,
      hand: p.hand,
      kind: 'bracket' as const,
      opponent: null,
      bracket: bracketLabel(p.division, p.weight_class, p.units),
      place: p.place,
      pins: null,
      won: p.place === 1,
      ...skills(p.hand, p.date),
      order: 0,
      id: p.id,
    })),
  ];
  // Newest first; on one day the brackets are rated first, then tournament matches (in play order), then
  // supermatches, so a later one is the later result.
  rows.sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : y.order - x.order || y.id - x.id));
  return rows.map(({ order: _order, id: _id, ...r }) => r);
}
