/**
 * Medals and team points of a tournament, from its finished categories' places.
 */
import { compareText } from '../compare-text.ts';
import { medalColour } from '../medal-colour.ts';
import type { Placing } from './derive.ts';
import { DEFAULT_SETTINGS, type EntryId } from './rules.ts';

export interface ClubStanding {
  club: string;
  points: number;
  gold: number;
  silver: number;
  bronze: number;
}

/** Medals go to places 1 to 3. */
export const medalFor = (place: number): 'gold' | 'silver' | 'bronze' | null =>
  place >= 1 && place <= 3 ? medalColour(place) : null;

/**
 * The club standings: each placed athlete scores `points[place - 1]` for their club (athletes sharing places,
 * 5th to 6th, each score the first of them, 5th), summed per club; clubs with points or medals, by points, then
 * golds, silvers, bronzes, then name. Athletes without a club score for nobody.
 */
export function teamStandings(
  placingsByCategory: readonly (readonly Placing[])[],
  clubsByEntry: ReadonlyMap<EntryId, string | null>,
  points: readonly number[] = DEFAULT_SETTINGS.team_points,
): ClubStanding[] {
  const clubs = new Map<string, ClubStanding>();
  for (const placings of placingsByCategory) {
    for (const { entry, place } of placings) {
      const club = clubsByEntry.get(entry);
      const scored = points[place - 1] ?? 0;
      const medal = medalFor(place);
      if (!club || (scored === 0 && !medal)) continue;
      const row = clubs.get(club) ?? { club, points: 0, gold: 0, silver: 0, bronze: 0 };
      row.points += scored;
      if (medal) row[medal] += 1;
      clubs.set(club, row);
    }
  }
  return [...clubs.values()].sort(
    (x, y) =>
      y.points - x.points ||
      y.gold - x.gold ||
      y.silver - x.silver ||
      y.bronze - x.bronze ||
      compareText(x.club, y.club),
  );
}
