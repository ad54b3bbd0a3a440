import type { Hand, Leaderboard, Medal } from '../../shared/rankings.ts';
import { HANDS } from '../../shared/rankings.ts';
import { classesOf, type Association } from '../../shared/association.ts';
import { weightClassFor, type Sex } from '../../shared/weight-classes.ts';
import { storedWeightIn, type StoredWeight } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { ordinal, skillOf, type Rating } from '../ratings/model.ts';
import { medalsOf, PODIUM_SELECT, type PodiumRow } from './medals.ts';

/**
 * One division's standings, computed from the stored ratings: the leaderboard
 * response and the rank lookups the athlete details need.
 * Computed once per change of results (see cache.ts), never per request.
 */
export interface Standings {
  board: Leaderboard;
  overallRank: Record<Hand, Map<string, number>>;
  classRank: Record<Hand, Map<string, number>>;
}

interface AthleteRow extends StoredWeight {
  id: number;
  name: string;
  open_to_challenge: number;
  club_leader: number;
  club: string | null;
}

interface RatingRow extends Rating {
  athlete_id: number;
  hand: Hand;
  date: string;
}

/**
 * An athlete's weight class: the association's classes for their sex, their stored weight as shown in its unit
 * (converted once, as the preview of a change of classes reads it: association/preview.ts).
 */
export function classOfWeight(profile: Association, sex: Sex, stored: StoredWeight): string {
  return weightClassFor(storedWeightIn(stored, profile.units), classesOf(profile.classes, sex));
}

/** A card shows up to 6 tournament and 4 amateur medals. */
export const MEDALS_SHOWN = { pro: 6, am: 4 } as const;

const perHand = <T>(make: () => T): Record<Hand, T> => ({ LH: make(), RH: make() });

/** Names ordered by conservative estimate, best first; ties by name so the order is stable. */
function ranked(rows: RatingRow[], nameOf: Map<number, string>): string[] {
  return rows
    .map((r) => ({ name: nameOf.get(r.athlete_id)!, score: ordinal(r) }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((r) => r.name);
}

function classRanks(order: string[], weights: Record<string, string>): Map<string, number> {
  const seen = new Map<string, number>();
  const ranks = new Map<string, number>();
  for (const name of order) {
    const cls = weights[name]!;
    const n = (seen.get(cls) ?? 0) + 1;
    seen.set(cls, n);
    ranks.set(name, n);
  }
  return ranks;
}

export function computeStandings(db: Db, sex: Sex, generatedAt = new Date()): Standings {
  const profile = readAssociation(db);
  const classes = classesOf(profile.classes, sex);
  const athletes = db
    .prepare(
      `SELECT a.id, a.name, a.weight, a.weight_unit, a.open_to_challenge, a.club_leader, c.name AS club
       FROM athletes a LEFT JOIN clubs c ON c.id = a.club_id WHERE a.sex = ?`,
    )
    .all(sex) as AthleteRow[];
  const nameOf = new Map(athletes.map((a) => [a.id, a.name]));

  const current = db
    .prepare(
      `SELECT r.athlete_id, r.hand, r.mu, r.sigma, r.last_date AS date
       FROM ratings r JOIN athletes a ON a.id = r.athlete_id WHERE a.sex = ?`,
    )
    .all(sex) as RatingRow[];
  const latest = current.reduce((max, r) => (r.date > max ? r.date : max), '');
  // The ranking before the most recent result date: each rating as it stood at the end of its last earlier day.
  const previous = db
    .prepare(
      `SELECT h.athlete_id, h.hand, h.mu, h.sigma, h.date
       FROM rating_history h JOIN athletes a ON a.id = h.athlete_id
       WHERE a.sex = ? AND h.date = (
         SELECT MAX(h2.date) FROM rating_history h2
         WHERE h2.athlete_id = h.athlete_id AND h2.hand = h.hand AND h2.date < ?)`,
    )
    .all(sex, latest) as RatingRow[];
  const asof = previous.reduce<string | null>((max, r) => (max === null || r.date > max ? r.date : max), null);

  const weights: Record<string, string> = {};
  const clubs: Record<string, string> = {};
  const challenge = perHand<Record<string, boolean>>(() => ({}));
  const ratedNames = new Set(current.map((r) => nameOf.get(r.athlete_id)!));
  for (const a of athletes) {
    if (!ratedNames.has(a.name)) continue;
    weights[a.name] = classOfWeight(profile, sex, a);
    if (a.club) clubs[a.name] = a.club;
    if (a.open_to_challenge) for (const h of HANDS) challenge[h][a.name] = true;
  }

  const board: Leaderboard = {
    sex,
    classes: [...classes],
    units: profile.units,
    ranks: perHand(() => []),
    deltas: perHand(() => ({})),
    challenge_map: challenge,
    weights,
    cons_now: perHand(() => ({})),
    cons_asof: { asof, LH: {}, RH: {} },
    class_asof: perHand(() => ({})),
    medals_pro: {},
    medals_am: {},
    clubs,
    club_leaders: athletes
      .filter((a) => a.club_leader && ratedNames.has(a.name))
      .map((a) => a.name)
      .sort(),
    generated_at: generatedAt.toISOString(),
  };
  const overallRank = perHand(() => new Map<string, number>());
  const classRank = perHand(() => new Map<string, number>());

  for (const hand of HANDS) {
    const now = current.filter((r) => r.hand === hand);
    const before = previous.filter((r) => r.hand === hand);
    const order = ranked(now, nameOf);
    const beforeOrder = ranked(before, nameOf);
    const beforeRank = new Map(beforeOrder.map((n, i) => [n, i + 1]));
    board.ranks[hand] = order.map((name) => ({ name }));
    order.forEach((name, i) => {
      overallRank[hand].set(name, i + 1);
      const was = beforeRank.get(name);
      if (was !== undefined) board.deltas[hand][name] = was - (i + 1);
    });
    for (const r of now) board.cons_now[hand][nameOf.get(r.athlete_id)!] = skillOf(r);
    for (const r of before) board.cons_asof[hand][nameOf.get(r.athlete_id)!] = skillOf(r);
    classRank[hand] = classRanks(order, weights);
    for (const [name, rank] of classRanks(beforeOrder, weights)) board.class_asof[hand][name] = rank;
  }

  const podiums = db
    .prepare(`${PODIUM_SELECT} WHERE p.sex = ? AND p.place <= 3 ORDER BY e.date DESC, e.id DESC, p.hand, p.division`)
    .all(sex) as PodiumRow[];
  // Newest first, capped per hand as the cards show them; the athlete details carry every medal.
  const { isAmateur, toMedal } = medalsOf(profile);
  const kept = new Map<string, number>();
  for (const row of podiums) {
    const name = nameOf.get(row.athlete_id);
    if (!name || !ratedNames.has(name)) continue;
    const amateur = isAmateur(row);
    const key = `${name}\u0000${row.hand}\u0000${amateur}`;
    const n = kept.get(key) ?? 0;
    if (n >= (amateur ? MEDALS_SHOWN.am : MEDALS_SHOWN.pro)) continue;
    kept.set(key, n + 1);
    const target = amateur ? board.medals_am : board.medals_pro;
    (target[name] ??= [] as Medal[]).push(toMedal(row));
  }
  return { board, overallRank, classRank };
}
