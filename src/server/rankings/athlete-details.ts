import type { AthleteDetails, Hand } from '../../shared/rankings.ts';
import { HANDS } from '../../shared/rankings.ts';
import { SKILL_DEFAULT } from '../../shared/skill.ts';
import type { Units } from '../../shared/association.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { skillOf } from '../ratings/model.ts';
import { classOfWeight, type Standings } from './standings.ts';
import { athleteResults, type HistoryRow } from './athlete-results.ts';
import { medalsOf, PODIUM_SELECT, type PodiumRow } from './medals.ts';

/** How far back the skill history goes: the chart's longest range, 5 years. */
export const HISTORY_YEARS = 5;

export interface AthleteRecord {
  id: number;
  name: string;
  sex: Sex;
  weight: number | null;
  weight_unit: Units | null;
  club: string | null;
  club_leader: number;
}

export function findAthlete(db: Db, name: string): AthleteRecord | undefined {
  return db
    .prepare(
      `SELECT a.id, a.name, a.sex, a.weight, a.weight_unit, a.club_leader, c.name AS club
       FROM athletes a LEFT JOIN clubs c ON c.id = a.club_id WHERE a.name = ? COLLATE NOCASE`,
    )
    .get(name.trim()) as AthleteRecord | undefined;
}

function yearsBefore(today: string, years: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/**
 * The athlete details answer for one athlete. The skill history is a step
 * series: `days` are the dates either hand's skill changed in the last five
 * years (the first carries the value in force at the window's start); a hand
 * not yet rated on a day is null.
 */
export function athleteDetails(db: Db, athlete: AthleteRecord, standings: Standings, today: string): AthleteDetails {
  const from = yearsBefore(today, HISTORY_YEARS);
  const history = db
    .prepare('SELECT hand, date, mu, sigma FROM rating_history WHERE athlete_id = ? ORDER BY date')
    .all(athlete.id) as HistoryRow[];

  const byDay = new Map<string, Partial<Record<Hand, number>>>();
  const carried: Partial<Record<Hand, number>> = {};
  for (const h of history) {
    const skill = skillOf(h);
    if (h.date < from) carried[h.hand] = skill;
    else if (h.date <= today) (byDay.get(h.date) ?? byDay.set(h.date, {}).get(h.date)!)[h.hand] = skill;
  }
  if (carried.LH !== undefined || carried.RH !== undefined) {
    byDay.set(from, { ...carried, ...byDay.get(from) });
  }
  const days = [...byDay.keys()].sort();
  const series: Record<Hand, (number | null)[]> = { LH: [], RH: [] };
  const last: Record<Hand, number | null> = { LH: null, RH: null };
  for (const day of days) {
    for (const hand of HANDS) {
      last[hand] = byDay.get(day)![hand] ?? last[hand];
      series[hand].push(last[hand]);
    }
  }

  const profile = readAssociation(db);
  const { isAmateur, toMedal } = medalsOf(profile);
  const podiums = db
    .prepare(`${PODIUM_SELECT} WHERE p.athlete_id = ? AND p.place <= 3 ORDER BY e.date DESC, e.id DESC, p.hand`)
    .all(athlete.id) as PodiumRow[];
  const lastTournament = db
    .prepare('SELECT MAX(e.date) FROM placements p JOIN result_events e ON e.id = p.event_id WHERE p.athlete_id = ?')
    .pluck()
    .get(athlete.id) as string | null;
  const board = standings.board;

  return {
    name: athlete.name,
    sex: athlete.sex,
    club: athlete.club,
    club_leader: athlete.club_leader === 1,
    badges: {
      tournament_medals: podiums.filter((p) => !isAmateur(p)).map(toMedal),
      amateur_medals: podiums.filter(isAmateur).map(toMedal),
    },
    current_skill: {
      LH: board.cons_now.LH[athlete.name] ?? SKILL_DEFAULT,
      RH: board.cons_now.RH[athlete.name] ?? SKILL_DEFAULT,
    },
    skill_history: { days, LH: series.LH, RH: series.RH },
    last_tournament_date: lastTournament,
    ranks: {
      LH: {
        overall_rank: standings.overallRank.LH.get(athlete.name) ?? null,
        class_rank: standings.classRank.LH.get(athlete.name) ?? null,
      },
      RH: {
        overall_rank: standings.overallRank.RH.get(athlete.name) ?? null,
        class_rank: standings.classRank.RH.get(athlete.name) ?? null,
      },
    },
    weight_class: classOfWeight(profile, athlete.sex, athlete),
    results: athleteResults(db, athlete.id, history),
  };
}
