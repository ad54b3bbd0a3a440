import { classLabel, divisionLabel, type AssociationSettings, type Units } from '../../shared/association.ts';
import { medalColour } from '../../shared/medal-colour.ts';
import type { Hand, Medal } from '../../shared/rankings.ts';

/** A placing on a podium (places 1-3), the row a medal on the app's cards is made from. */
export interface PodiumRow {
  athlete_id: number;
  tournament: string;
  tournament_short: string;
  date: string;
  place: number;
  hand: Hand;
  /**
   * As stored with the placement: pro, am or masters, or (imported results, migration 17) any division code of the
   * association's.
   */
  division: string;
  /** The bracket's own division: a published tournament category's code, else the stored one. */
  bracket_division: string;
  /** The unit of its class: a published tournament category's own; null for imported results (the association's). */
  units: Units | null;
  sex: 'M' | 'F';
  category: string;
  weight_class: string;
}

const ORDINAL = ['', '1st', '2nd', '3rd'];

const ANSWER_DIVISIONS = new Set(['pro', 'am', 'masters']);

/** What medals need of the association: its unit and its divisions (their labels and medal rails). */
export type MedalSettings = Pick<AssociationSettings, 'units' | 'divisions'>;

/**
 * How medals read and which rail they go on, by the association's profile: 'Pro 198 lbs', 'Seniors 80 kg'; a
 * division's medals go where its `medals` setting says (tournament or amateur). A division the profile no longer
 * lists reads as its code and keeps the rail it was recorded on.
 */
export function medalsOf(profile: MedalSettings) {
  const bracketLabel = (division: string, weightClass: string, units: Units | null = null) =>
    `${divisionLabel(profile.divisions, division)} ${classLabel(weightClass, units ?? profile.units)}`;

  const isAmateur = (row: Pick<PodiumRow, 'division' | 'bracket_division'>) => {
    const rail = profile.divisions.find((d) => d.code === row.bracket_division)?.medals;
    return rail ? rail === 'amateur' : row.division === 'am';
  };

  const toMedal = (row: PodiumRow): Medal => {
    const hand = row.hand === 'LH' ? 'Left' : 'Right';
    const bracket = bracketLabel(row.bracket_division, row.weight_class, row.units);
    return {
      tournament: row.tournament,
      tournament_short: row.tournament_short,
      date: row.date,
      place: row.place,
      hand: row.hand,
      // The answer's three: pro, am and masters as stored; another code as the rail its division's medals go on.
      division: ANSWER_DIVISIONS.has(row.division)
        ? (row.division as Medal['division'])
        : storedRail(profile, row.division),
      // The answer's spelling: F for women, Y for men.
      sex: row.sex === 'F' ? 'F' : 'Y',
      category: row.category,
      weight_class: row.weight_class,
      display_text: `${ORDINAL[row.place] ?? `${row.place}th`} ${hand} hand, ${bracket}, ${row.tournament}`,
      icon_url: `/medals/${medalColour(row.place)}.svg`,
    };
  };

  return { bracketLabel, isAmateur, toMedal };
}

/** The rail a published category's placements are stored with, by its division's setting ('am': amateur). */
export const storedRail = (profile: MedalSettings, division: string): 'pro' | 'am' =>
  profile.divisions.find((d) => d.code === division)?.medals === 'amateur' ? 'am' : 'pro';

export const PODIUM_SELECT = `
  SELECT p.athlete_id, e.name AS tournament, e.short_name AS tournament_short, e.date, p.place, p.hand,
         p.division, COALESCE(tc.division, p.division) AS bracket_division, tc.units, p.sex, p.category,
         p.weight_class
  FROM placements p JOIN result_events e ON e.id = p.event_id
  LEFT JOIN tournament_categories tc ON tc.id = p.tournament_category_id`;
