import { newAthleteSchema, type NewAthlete } from '../../../shared/supermatch-review.ts';
import type { SupermatchReviewItem } from '../../../shared/answers/review.ts';
import { firstFieldErrors } from '../../../shared/field-errors.ts';
import type { Units } from '../../../shared/association.ts';

/** How a submitted supermatch reads in the admin's list and modal: winner first, the score high-low. */

export type Side = 'a' | 'b';

export function sidesOf(item: SupermatchReviewItem) {
  const w: Side = item.winner === 'B' ? 'b' : 'a';
  const l: Side = w === 'a' ? 'b' : 'a';
  const name = { a: item.a_name, b: item.b_name };
  const weight = { a: item.weight_a, b: item.weight_b };
  return { winner: name[w], loser: name[l], winnerWeight: weight[w], loserWeight: weight[l] };
}

/** '{high}-{low}' of the rated wins; 3-0 when no score was given. */
export function scoreText(item: Pick<SupermatchReviewItem, 'a_wins' | 'b_wins'>): string {
  const a = Number.isFinite(item.a_wins) ? item.a_wins : 0;
  const b = Number.isFinite(item.b_wins) ? item.b_wins : 0;
  if (a === 0 && b === 0) return '3-0';
  return `${Math.max(a, b)}-${Math.min(a, b)}`;
}

/** 'X lbs vs Y lbs' ('80 kg vs 90 kg'), or the one weight given, or null: in the association's unit, as answered. */
export function weightsText(first: number | null, second: number | null, units: Units): string | null {
  if (first !== null && second !== null) return `${first} ${units} vs ${second} ${units}`;
  if (first !== null) return `${first} ${units}`;
  if (second !== null) return `${second} ${units}`;
  return null;
}

/** The sides whose name matches no athlete yet: approving must say who the new athlete is. */
export function newSides(item: SupermatchReviewItem): Side[] {
  return (['a', 'b'] as const).filter((s) => (s === 'a' ? item.a_athlete_id : item.b_athlete_id) === null);
}

/** What the admin types about a new athlete, as typed. */
export interface NewAthleteDraft {
  sex: 'M' | 'F' | '';
  weight: string;
  club: string;
}
export const EMPTY_DRAFT: NewAthleteDraft = { sex: '', weight: '', club: '' };

export type NewAthleteErrors = Partial<Record<keyof NewAthlete, string>>;

/** The draft as the decision's `athletes.{side}`, or the field errors the shared schema finds. */
export function parseNewAthlete(
  draft: NewAthleteDraft,
): { ok: true; value: NewAthlete } | { ok: false; errors: NewAthleteErrors } {
  const result = newAthleteSchema.safeParse({
    sex: draft.sex || undefined,
    weight: draft.weight.trim() || undefined,
    club: draft.club,
  });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: firstFieldErrors<keyof NewAthlete>(result.error, { sex: 'Choose Men or Women.' }) };
}
