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
  division: 'pro' | 'am' | 'masters';
  sex: 'M' | 'F';
  category: string;
  weight_class: string;
}

const ORDINAL = ['', '1st', '2nd', '3rd'];
const DIVISION = { pro: 'Pro', am: 'Amateur', masters: 'Masters' } as const;

/** A bracket as people say it: 'Pro 198 lbs'. */
export const bracketLabel = (division: PodiumRow['division'], weightClass: string) =>
  `${DIVISION[division]} ${weightClass} lbs`;

export function toMedal(row: PodiumRow): Medal {
  const hand = row.hand === 'LH' ? 'Left' : 'Right';
  return {
    tournament: row.tournament,
    tournament_short: row.tournament_short,
    date: row.date,
    place: row.place,
    hand: row.hand,
    division: row.division,
    // The answer's spelling: F for women, Y for men.
    sex: row.sex === 'F' ? 'F' : 'Y',
    category: row.category,
    weight_class: row.weight_class,
    display_text: `${ORDINAL[row.place] ?? `${row.place}th`} ${hand} hand, ${bracketLabel(row.division, row.weight_class)}, ${row.tournament}`,
    icon_url: `/medals/${medalColour(row.place)}.svg`,
  };
}

/** Amateur medals are the am division's; tournament medals are pro and masters. */
export const isAmateur = (m: { division: string }) => m.division === 'am';

export const PODIUM_SELECT = `
  SELECT p.athlete_id, e.name AS tournament, e.short_name AS tournament_short, e.date, p.place, p.hand,
         p.division, p.sex, p.category, p.weight_class
  FROM placements p JOIN result_events e ON e.id = p.event_id`;
