import type { AthleteDetails, Hand, Leaderboard, Medal } from '../../../shared/rankings.ts';
import { SKILL_DEFAULT } from '../../../shared/skill.ts';

/**
 * What the popup shows, first from the leaderboard already on screen (the
 * "seeded" data), then from the athlete details when they arrive.
 */
export interface AthleteSummary {
  name: string;
  sex: 'M' | 'F';
  weightClass: string;
  club: string | null;
  clubLeader: boolean;
  lastWeighIn: string | null;
  skill: Record<Hand, number>;
  overallRank: Record<Hand, number | null>;
  classRank: Record<Hand, number | null>;
  tournamentMedals: Medal[];
  amateurMedals: Medal[];
  history: AthleteDetails['skill_history'] | null;
}

/** Developer and Admin crowns for two specific athletes. */
export const SPECIAL_CROWNS: Record<string, 'dev' | 'admin'> = {
  'Sam Lindqvist': 'dev',
  'Morgan Vance': 'admin',
};

function ranksIn(board: Leaderboard, name: string, hand: Hand) {
  const list = board.ranks[hand].map((r) => r.name);
  const overall = list.indexOf(name);
  const cls = board.weights[name];
  const classList = list.filter((n) => board.weights[n] === cls);
  const inClass = classList.indexOf(name);
  return { overall: overall < 0 ? null : overall + 1, cls: inClass < 0 ? null : inClass + 1 };
}

export function summaryFromBoard(board: Leaderboard, name: string): AthleteSummary {
  const lh = ranksIn(board, name, 'LH');
  const rh = ranksIn(board, name, 'RH');
  const medalsPro = board.medals_pro[name] ?? [];
  const lastMedal =
    [...medalsPro, ...(board.medals_am[name] ?? [])]
      .map((m) => m.date)
      .sort()
      .at(-1) ?? null;
  return {
    name,
    sex: board.sex,
    weightClass: board.weights[name] ?? board.classes[board.classes.length - 1]!,
    club: board.clubs[name] ?? null,
    clubLeader: board.club_leaders.includes(name),
    lastWeighIn: lastMedal,
    skill: { LH: board.cons_now.LH[name] ?? SKILL_DEFAULT, RH: board.cons_now.RH[name] ?? SKILL_DEFAULT },
    overallRank: { LH: lh.overall, RH: rh.overall },
    classRank: { LH: lh.cls, RH: rh.cls },
    tournamentMedals: medalsPro,
    amateurMedals: board.medals_am[name] ?? [],
    history: null,
  };
}

export function withDetails(seed: AthleteSummary, d: AthleteDetails): AthleteSummary {
  return {
    ...seed,
    name: d.name,
    sex: d.sex,
    weightClass: d.weight_class,
    club: d.club,
    clubLeader: d.club_leader,
    lastWeighIn: d.last_tournament_date ?? seed.lastWeighIn,
    skill: d.current_skill,
    overallRank: { LH: d.ranks.LH.overall_rank, RH: d.ranks.RH.overall_rank },
    classRank: { LH: d.ranks.LH.class_rank, RH: d.ranks.RH.class_rank },
    tournamentMedals: d.badges.tournament_medals,
    amateurMedals: d.badges.amateur_medals,
    history: d.skill_history,
  };
}
