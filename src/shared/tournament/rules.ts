/**
 * The words of a tournament: categories and their names, the weigh-in, how a match is won, and the settings a
 * tournament chooses. Pure, free of zod (the API's schemas build on these lists, not the other way round).
 */
import {
  classLabel,
  DEFAULT_SETTINGS as ASSOCIATION_DEFAULTS,
  divisionLabel,
  type DivisionSetting,
  type Units,
} from '../association.ts';
import { HAND_LABELS, ordinal } from '../labels.ts';
import type { Hand } from '../rankings.ts';
import type { Sex } from '../weight-classes.ts';

export type { Hand, Sex };
export { classLabel };

/** An entry: one athlete in one category (an athlete in both hands has two). Ids are the server's. */
export type EntryId = number;

export const SEX_LABELS: Record<Sex, string> = { M: 'Men', F: 'Women' };
export { HAND_LABELS };

/**
 * A division's code (the association's own: `pro`, `am`, `masters`, … or any other its profile lists). A category
 * keeps the code it was created with, so a division the profile later drops still names its old categories.
 */
export type Division = string;

/** One bracket: sex x hand x weight class (a class of the association's, e.g. '198', '243+', '80') x division. */
export interface Category {
  sex: Sex;
  hand: Hand;
  weight_class: string;
  division: Division;
}

/**
 * What a category's name needs from the association: the unit its class is in and the divisions' labels. Passed
 * in (not read from a global) so the engine stays pure and gives the same words on the server and on a device.
 */
export interface CategoryWords {
  units: Units;
  divisions: readonly DivisionSetting[];
}

/** 'Men · Right Hand · 198 lbs · Amateur', 'Men · Right Hand · 80 kg · Pro'. */
export function categoryName(c: Category, words: CategoryWords): string {
  return [
    SEX_LABELS[c.sex],
    HAND_LABELS[c.hand],
    classLabel(c.weight_class, words.units),
    divisionLabel(words.divisions, c.division),
  ].join(' · ');
}

/** The most a class allows, in the class's unit; null for the open top classes ('243+', '144+'). */
export function classLimit(weightClass: string): number | null {
  if (weightClass.endsWith('+')) return null;
  const limit = Number(weightClass);
  if (!Number.isFinite(limit)) throw new RangeError(`Not a weight class: ${weightClass}`);
  return limit;
}

/**
 * The weigh-in: null when `weight` (in `units`, the class's unit) is within the class, else the message to show:
 * 'Over the limit: 201.5 lbs in 198 lbs.', 'Over the limit: 81.2 kg in 80 kg.' The weight is written as a plain number, as entered (201.5, 198.04,
 * 200), so the message never rounds an over-the-limit weight down to the limit; the class as in the category
 * name. A weight equal to the limit is within it; an open class ('243+') has no limit.
 */
export function checkWeighIn(weightClass: string, weight: number, units: Units): string | null {
  if (!Number.isFinite(weight) || weight <= 0) return `Enter the weight in ${units}.`;
  const limit = classLimit(weightClass);
  return limit !== null && weight > limit
    ? `Over the limit: ${weight} ${units} in ${classLabel(weightClass, units)}.`
    : null;
}

/** How a match was won. */
export const METHODS = ['pin', 'fouls', 'no_show', 'withdrawal', 'dq'] as const;
export type Method = (typeof METHODS)[number];
export const METHOD_LABELS: Record<Method, string> = {
  pin: 'Pin',
  fouls: 'Fouls',
  no_show: 'No-show',
  withdrawal: 'Withdrawal',
  dq: 'Disqualification',
};
/** Matches actually pulled, so rated: pin and fouls. The rest count in the bracket only. */
export const PULLED_METHODS: readonly Method[] = ['pin', 'fouls'];
export const isPulled = (method: Method): boolean => PULLED_METHODS.includes(method);
/** Methods after which the loser is out of the category, losing every later match the same way. */
export type LeavingMethod = 'withdrawal' | 'dq';
export const leavesCategory = (method: Method): method is LeavingMethod => method === 'withdrawal' || method === 'dq';

/** A tournament's settings; every category of the tournament is run by them. */
export interface TournamentSettings {
  /** The super final is pulled when the losers' bracket champion wins the final; off: the final decides. */
  super_final: boolean;
  /** Fouls that lose a match. */
  fouls_to_lose: number;
  /** Seconds an athlete has to come to the table after the call before a no-show. */
  call_seconds: number;
  /** Team points for places 1, 2, 3, ... (places further down score nothing). */
  team_points: readonly number[];
}

export const DEFAULT_SETTINGS: TournamentSettings = {
  super_final: true,
  fouls_to_lose: 2,
  call_seconds: 60,
  // A new tournament's points are its association's (the server passes the profile's); these are the defaults'.
  team_points: ASSOCIATION_DEFAULTS.team_points,
};

export type Side = 'A' | 'B';

/**
 * A match's result as the table records it. `a` and `b` are the entries it was recorded for: when a correction
 * upstream puts other athletes in the match, the result no longer applies (it is void, and the match is pulled
 * again). Warnings and fouls are per athlete (A and B) for this match.
 */
export interface MatchResult {
  /** Null for a double no-show: neither athlete came to the table, and both lose (method 'no_show'). */
  winner: Side | null;
  method: Method;
  warnings_a: number;
  warnings_b: number;
  fouls_a: number;
  fouls_b: number;
  a: EntryId;
  b: EntryId;
}

/**
 * A double no-show: neither athlete came to the table within the call time. The rules give an athlete who does
 * not appear the loss, so both lose: neither goes on, and the matches they would have fed go without them (the
 * athlete waiting there goes through). Written as no winner, method 'no_show'.
 */
export const isDoubleNoShow = (r: Pick<MatchResult, 'winner' | 'method'>): boolean =>
  r.winner === null && r.method === 'no_show';

/**
 * Where a double no-show may be recorded: not in the final or the super final, nor in a match whose loser would
 * play the final (a two-athlete category's only match), since a category needs a champion. There the organizer
 * records which athlete is not coming back as withdrawn.
 */
export const doubleNoShowAllowed = (spec: { bracket: string; loserTo: { match: string } | null }): boolean =>
  spec.bracket !== 'F' && !spec.loserTo?.match.startsWith('F');

/** A result as it comes in (sent, tapped, stored): the counts may be left out. */
export type ResultInput = Pick<MatchResult, 'winner' | 'method'> &
  Partial<Pick<MatchResult, 'warnings_a' | 'warnings_b' | 'fouls_a' | 'fouls_b'>>;

/**
 * The one way a sent result becomes the engine's: counts left out are 0, and it holds the two entries of the match
 * it is recorded for. The server's results, a table device's replay and the public read's rows all go through it.
 */
export const resultFor = (input: ResultInput, a: EntryId, b: EntryId): MatchResult => ({
  winner: input.winner,
  method: input.method,
  warnings_a: input.warnings_a ?? 0,
  warnings_b: input.warnings_b ?? 0,
  fouls_a: input.fouls_a ?? 0,
  fouls_b: input.fouls_b ?? 0,
  a,
  b,
});

/** Places as shown: 1 -> '1st', shared 5 to 6 -> '5th–6th'. */
export const placeLabel = (place: number, last = place): string =>
  last > place ? `${ordinal(place)}–${ordinal(last)}` : ordinal(place);
