/** How a rank and a skill read wherever an athlete is shown: on the boards and in the athlete popup. */

/** Trophies for ranks 1-3, numbered badges 4-10 (top10_a for 4-5, top10_b for 6-10). */
export type RankBadge = { kind: 'trophy'; rank: 1 | 2 | 3 } | { kind: 'top10_a' | 'top10_b'; rank: number } | null;

export function rankBadge(rank: number | null | undefined): RankBadge {
  if (!rank || rank < 1 || rank > 10 || !Number.isInteger(rank)) return null;
  if (rank <= 3) return { kind: 'trophy', rank: rank as 1 | 2 | 3 };
  return { kind: rank <= 5 ? 'top10_a' : 'top10_b', rank };
}

/** Skill as people see it: a number in dev environments, 'Calibrating' elsewhere (the numbers are shown only on test hosts). */
export function skillText(skill: number | undefined, dev: boolean): string {
  if (!dev) return 'Calibrating';
  return (skill ?? 40).toFixed(1);
}
