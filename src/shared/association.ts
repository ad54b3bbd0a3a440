import type { Sex } from './weight-classes.ts';

/**
 * The association that runs this copy of the product: its name, region, unit, weight classes, divisions and
 * look. It is a setting its admins own (stored in the database, edited on the admin screen), not code, so that
 * any association can run the product as its own. This module is pure and free of zod: the first screen reads
 * the profile the server put into index.html with it; the schemas that check a change are in
 * association-schema.ts.
 */

export type Units = 'lbs' | 'kg';
export const UNITS: readonly Units[] = ['lbs', 'kg'];

/** Where a division's medals go on an athlete's badge rail: with the tournament medals or the amateur ones. */
export type MedalRail = 'tournament' | 'amateur';

export interface DivisionSetting {
  /** Lower-case letters, digits and `_`: stored on categories and results, so it never changes once used. */
  code: string;
  /** What people read: 'Grand Masters'. */
  label: string;
  medals: MedalRail;
}

/** Upper bounds of the weight classes in the association's unit, lightest first; the last ends with '+'. */
export type ClassList = readonly string[];

export interface ClassSettings {
  M: ClassList;
  F: ClassList;
  /** A division with classes of its own (masters and youth usually have fewer); a sex left out uses the above. */
  by_division?: Readonly<Record<string, Partial<Record<Sex, ClassList>>>>;
}

export interface TalentCategorySetting {
  label: string;
  /** The classes (of the lists above) whose top-10 hand placings count for the category, per sex. */
  classes: Record<Sex, ClassList>;
}

/** What an admin sets. */
export interface AssociationSettings {
  name: string;
  /** For a phone's home screen: at most 12 characters. */
  short_name: string;
  region: string;
  units: Units;
  /** An IANA name, e.g. 'America/Los_Angeles'. */
  time_zone: string;
  /** An e-mail address or a web address; '' when none is given. */
  contact: string;
  /** '#rrggbb'. */
  theme_color: string;
  classes: ClassSettings;
  /** In the order they are listed. */
  divisions: readonly DivisionSetting[];
  /** Points for 1st, 2nd, … place in the team standings. */
  team_points: readonly number[];
  talent_categories: readonly TalentCategorySetting[];
}

/** The profile as the API answers it: the settings and the server's own parts (the logo's icons, the version). */
export interface Association extends AssociationSettings {
  /** Counts every change: the profile's ETag is made from it. */
  version: number;
  /** The home-screen icons made from the uploaded logo; null while none was uploaded (the app's own icon). */
  logo: { icon_192: string; icon_512: string; maskable_512: string } | null;
}

export const SHORT_NAME_MAX = 12;

/** A class as written: '154', '52.5', '243+' (the schemas check the lists; a category checks its one class). */
export const WEIGHT_CLASS = /^\d{1,4}(\.\d{1,2})?\+?$/;
/** A division's code: 1 to 24 lower-case letters, digits and `_`. */
export const DIVISION_CODE = /^[a-z0-9_]{1,24}$/;

/** The association this product was first built for, and the profile of an empty database. */
export const DEFAULT_SETTINGS: AssociationSettings = {
  name: 'Arm-wrestling Rankings',
  short_name: 'AW Rankings',
  region: 'Oregon',
  units: 'lbs',
  time_zone: 'America/Los_Angeles',
  contact: '',
  theme_color: '#0f172a',
  classes: {
    M: ['154', '176', '198', '220', '242', '243+'],
    F: ['143', '144+'],
  },
  divisions: [
    { code: 'pro', label: 'Pro', medals: 'tournament' },
    { code: 'am', label: 'Amateur', medals: 'amateur' },
    { code: 'novice', label: 'Novice', medals: 'amateur' },
    { code: 'masters', label: 'Masters', medals: 'tournament' },
    { code: 'grand_masters', label: 'Grand Masters', medals: 'tournament' },
    { code: 'youth', label: 'Youth', medals: 'amateur' },
  ],
  team_points: [25, 17, 9, 5, 3, 2],
  talent_categories: [
    { label: 'Light talent', classes: { M: ['154', '176'], F: ['143'] } },
    { label: 'Middle talent', classes: { M: ['176', '198'], F: ['144+'] } },
    { label: 'Heavy talent', classes: { M: ['220', '242'], F: [] } },
    { label: 'Super talent', classes: { M: ['243+'], F: [] } },
  ],
};

export const DEFAULT_ASSOCIATION: Association = { ...DEFAULT_SETTINGS, version: 0, logo: null };

/** A weight class as people read it: '80' -> '80 kg', '243+' -> '243+ lbs'. */
export const classLabel = (weightClass: string, units: Units): string => `${weightClass} ${units}`;

/** A sex's classes, in a division when it has its own. */
export function classesOf(classes: ClassSettings, sex: Sex, division?: string): ClassList {
  return (division !== undefined && classes.by_division?.[division]?.[sex]) || classes[sex];
}

/** A division's label; the code itself for a division the profile no longer lists (kept on old results). */
export function divisionLabel(divisions: readonly DivisionSetting[], code: string): string {
  return divisions.find((d) => d.code === code)?.label ?? code;
}
