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
 * What one athlete scores for their club: `points[place - 1]`, or for athletes sharing places (5th–6th) an equal
 * share of the points of every place they cover, (3 + 2) / 2 = 2.5 each with the usual 25, 17, 9, 5, 3, 2: the
 * places' points are all given, none twice. Places past the list score nothing.
 */
export function placePoints(place: number, last: number, points: readonly number[]): number {
  let sum = 0;
  for (let p = place; p <= last; p++) sum += points[p - 1] ?? 0;
  return sum / (last - place + 1);
}

/** Club totals to the hundredth: a share of three places is a third, and sums of thirds should not show 8.999…. */
const hundredths = (n: number) => Math.round(n * 100) / 100;

/**
 * The club standings: each placed athlete scores `placePoints` for their club, summed per club; clubs with points
 * or medals, by points, then golds, silvers, bronzes, then name. Athletes without a club score for nobody.
 */
export function teamStandings(
  placingsByCategory: readonly (readonly Placing[])[],
  clubsByEntry: ReadonlyMap<EntryId, string | null>,
  points: readonly number[] = DEFAULT_SETTINGS.team_points,
): ClubStanding[] {
  const clubs = new Map<string, ClubStanding>();
  for (const placings of placingsByCategory) {
    for (const { entry, place, last } of placings) {
      const club = clubsByEntry.get(entry);
      const scored = placePoints(place, last, points);
      const medal = medalFor(place);
      if (!club || (scored === 0 && !medal)) continue;
      const row = clubs.get(club) ?? { club, points: 0, gold: 0, silver: 0, bronze: 0 };
      row.points += scored;
      if (medal) row[medal] += 1;
      clubs.set(club, row);
    }
  }
  return [...clubs.values()]
    .map((row) => ({ ...row, points: hundredths(row.points) }))
    .sort(
      (x, y) =>
        y.points - x.points ||
        y.gold - x.gold ||
        y.silver - x.silver ||
        y.bronze - x.bronze ||
        compareText(x.club, y.club),
    );
}
