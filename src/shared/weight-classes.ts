/**
 * Judging a weight against a list of classes (lightest first, the last open-ended). Which classes there are is the
 * association's profile (shared/association.ts), not this module's.
 */

export type Sex = 'M' | 'F';

/**
 * The smallest class bound at or above the weight; blank,
 * non-numeric or -1 weights (and anything heavier than every bound) go to the
 * top (heaviest) class.
 */
export function weightClassFor(weight: number | string | null | undefined, classes: readonly string[]): string {
  const top = classes[classes.length - 1]!;
  const w = typeof weight === 'number' ? weight : weight == null || weight.trim() === '' ? NaN : Number(weight);
  if (!Number.isFinite(w) || w === -1 || w < 0) return top;
  for (const label of classes) {
    if (label.endsWith('+')) return label;
    if (w <= Number(label)) return label;
  }
  return top;
}

/** Classes at or below `label`, for 'Combine with lower weight classes'. */
export function classAndLower(label: string, classes: readonly string[]): string[] {
  const i = classes.indexOf(label);
  return i < 0 ? [] : classes.slice(0, i + 1);
}
