import { classLabel } from '../../../../shared/association.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';

/**
 * Said under a category drawn before the association changed its classes or its unit: its bracket was made for
 * the class it has, so it keeps it, while the categories not yet drawn moved to the new classes.
 */
export function KeptClassNote({ category }: { category: TournamentCategory }) {
  if (!category.kept_class) return null;
  return (
    <p className="muted">
      Drawn before the association changed its classes: it keeps {classLabel(category.weight_class, category.units)}.
    </p>
  );
}
