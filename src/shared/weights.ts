import type { Units } from './association.ts';

/**
 * A weight is stored once, exactly as it was entered, with the unit it was entered in (athletes.weight and
 * weight_unit, tournament_entries.weight and weight_unit: migration 15), and shown in the association's unit by
 * converting that stored value once. Nothing converted is ever stored or converted again, so an association that
 * switches from pounds to kilograms and back finds every weight as it was: 80.0 kg shows as 176.4 lbs, and still
 * as 80 kg. Pure and free of zod, for the server and the app alike.
 */

/** One pound in kilograms, exactly (the international pound). The database's weight_lbs divides by the same. */
export const KG_PER_LB = 0.45359237;

/** A weight in another unit, unrounded: the one conversion. */
export function convertWeight(weight: number, from: Units, to: Units): number {
  if (from === to) return weight;
  return from === 'kg' ? weight / KG_PER_LB : weight * KG_PER_LB;
}

/**
 * A stored weight as shown in `to`: as entered when the units agree, else converted once and rounded to a tenth
 * (a scale at a weigh-in reads no finer). This is also the weight a class is judged by, so that the class an
 * athlete is put in agrees with the weight people read.
 */
export function weightIn(weight: number, from: Units, to: Units): number {
  if (from === to) return weight;
  return Math.round(convertWeight(weight, from, to) * 10) / 10;
}

/** '176.4 lbs', '80 kg'. */
export function weightLabel(weight: number, from: Units, to: Units): string {
  return `${weightIn(weight, from, to)} ${to}`;
}

/** A stored weight and its unit, as a row holds them (both null when none was entered). */
export interface StoredWeight {
  weight: number | null;
  weight_unit: Units | null;
}

/** A row's weight in `to`, or null when it has none. */
export function storedWeightIn(row: StoredWeight, to: Units): number | null {
  return row.weight === null || row.weight_unit === null ? null : weightIn(row.weight, row.weight_unit, to);
}
