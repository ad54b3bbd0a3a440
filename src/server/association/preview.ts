import { classLabel, type AssociationSettings } from '../../shared/association.ts';
import type { AssociationPreview } from '../../shared/association-schema.ts';
import { weightClassFor, type Sex } from '../../shared/weight-classes.ts';
import { storedWeightIn, type StoredWeight } from '../../shared/weights.ts';
import type { Db } from '../db/connection.ts';
import { planCategories } from './categories.ts';

/**
 * What a change of the classes or the unit would do, before it is made: per sex, how many athletes would move from
 * which class to which. Each athlete's class is judged as the leaderboards judge it, from their stored weight shown
 * in the unit (converted once from the unit it was entered in), under the profile before and after; an athlete
 * with no weight is in the open class either way, as on the leaderboards. Classes are named with their unit
 * ('154 lbs' -> '70 kg'), so a switch of the unit reads as the move it is even where a number stays the same.
 */
export function previewChange(db: Db, before: AssociationSettings, after: AssociationSettings): AssociationPreview {
  const athletes = db.prepare('SELECT sex, weight, weight_unit FROM athletes ORDER BY id').all() as (StoredWeight & {
    sex: Sex;
  })[];
  const classOf = (a: StoredWeight & { sex: Sex }, s: AssociationSettings) =>
    classLabel(weightClassFor(storedWeightIn(a, s.units), s.classes[a.sex]), s.units);
  const moves = new Map<string, AssociationPreview['moves'][number]>();
  let unchanged = 0;
  for (const a of athletes) {
    const from = classOf(a, before);
    const to = classOf(a, after);
    if (from === to) {
      unchanged++;
      continue;
    }
    const key = `${a.sex} ${from} ${to}`;
    const move = moves.get(key) ?? { sex: a.sex, from, to, athletes: 0 };
    move.athletes++;
    moves.set(key, move);
  }
  // Men first, then women; each from the lightest class to the heaviest, as the leaderboards list them.
  const order = (s: AssociationSettings, sex: Sex, label: string) =>
    s.classes[sex].findIndex((c) => classLabel(c, s.units) === label);
  const sorted = [...moves.values()].sort(
    (x, y) =>
      (x.sex === y.sex ? 0 : x.sex === 'M' ? -1 : 1) ||
      order(before, x.sex, x.from) - order(before, y.sex, y.from) ||
      order(after, x.sex, x.to) - order(after, y.sex, y.to),
  );
  return { dry_run: true, moves: sorted, unchanged, categories: planCategories(db, before, after) };
}
