/** The weight classes, in pounds, lightest first; the last is open-ended. */
export const MEN_CLASSES = ['154', '176', '198', '220', '242', '243+'] as const;
export const WOMEN_CLASSES = ['143', '144+'] as const;

export type Sex = 'M' | 'F';

export function classesFor(sex: Sex): readonly string[] {
  return sex === 'F' ? WOMEN_CLASSES : MEN_CLASSES;
}

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
