import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';

/** What each part of a category's desk is drawn from: the tournament's latest read and the category in it. */
export interface CategoryProps {
  tournament: Tournament;
  category: TournamentCategory;
}

/** A part that enters athletes: the known names to choose from as well. */
export interface EntryProps extends CategoryProps {
  names: readonly string[];
}
