import type { Association, AssociationSettings, ClassList, MedalRail, Units } from '../../../shared/association.ts';
import { associationSettingsSchema } from '../../../shared/association-schema.ts';
import { fieldErrors } from '../../../shared/field-errors.ts';

/**
 * The association form's values as its inputs hold them, and the way between them and the profile. Lists of
 * classes and points are typed as one line ('55, 60, 65, 110+'); divisions and talent categories are rows.
 * Errors are keyed by the schema's whole path ('classes.M', 'divisions.2.code'), so each lands beside its own
 * input, and the server's 400 names the same paths.
 */

export interface DivisionRow {
  code: string;
  label: string;
  medals: MedalRail;
  /** The division's own classes, when it has them; '' uses the association's. */
  M: string;
  F: string;
}

export interface TalentRow {
  label: string;
  M: string;
  F: string;
}

export interface FormValues {
  name: string;
  short_name: string;
  region: string;
  units: Units;
  time_zone: string;
  contact: string;
  theme_color: string;
  classes_M: string;
  classes_F: string;
  divisions: DivisionRow[];
  team_points: string;
  talent: TalentRow[];
}

export type FormErrors = Partial<Record<string, string>>;

const listText = (list: readonly (string | number)[] | undefined) => (list ?? []).join(', ');
/** '55, 60 65,110+' -> ['55', '60', '65', '110+']. */
export const parseList = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

export function valuesOf(p: AssociationSettings): FormValues {
  return {
    name: p.name,
    short_name: p.short_name,
    region: p.region,
    units: p.units,
    time_zone: p.time_zone,
    contact: p.contact,
    theme_color: p.theme_color,
    classes_M: listText(p.classes.M),
    classes_F: listText(p.classes.F),
    divisions: p.divisions.map((d) => ({
      ...d,
      M: listText(p.classes.by_division?.[d.code]?.M),
      F: listText(p.classes.by_division?.[d.code]?.F),
    })),
    team_points: listText(p.team_points),
    talent: p.talent_categories.map((t) => ({ label: t.label, M: listText(t.classes.M), F: listText(t.classes.F) })),
  };
}

/** The settings the values stand for, before they are checked (numbers that are not numbers stay as typed). */
export function settingsFrom(v: FormValues): unknown {
  const byDivision: Record<string, Partial<Record<'M' | 'F', ClassList>>> = {};
  for (const d of v.divisions) {
    const own = { ...(d.M.trim() ? { M: parseList(d.M) } : {}), ...(d.F.trim() ? { F: parseList(d.F) } : {}) };
    if (Object.keys(own).length) byDivision[d.code.trim()] = own;
  }
  return {
    name: v.name,
    short_name: v.short_name,
    region: v.region,
    units: v.units,
    time_zone: v.time_zone,
    contact: v.contact,
    theme_color: v.theme_color,
    classes: {
      M: parseList(v.classes_M),
      F: parseList(v.classes_F),
      ...(Object.keys(byDivision).length ? { by_division: byDivision } : {}),
    },
    divisions: v.divisions.map(({ code, label, medals }) => ({ code, label, medals })),
    team_points: parseList(v.team_points).map((n) => (/^\d+$/.test(n) ? Number(n) : n)),
    talent_categories: v.talent.map((t) => ({ label: t.label, classes: { M: parseList(t.M), F: parseList(t.F) } })),
  };
}

/**
 * Where an error of the schema's path shows in the form: the class lists and rows by their place, a division's
 * own classes by its row.
 */
export function errorKey(path: string, v: FormValues): string {
  const parts = path.split('.');
  if (parts[0] === 'classes' && parts[1] === 'by_division') {
    const row = v.divisions.findIndex((d) => d.code.trim() === parts[2]);
    return `divisions.${row}.${parts[3] ?? 'M'}`;
  }
  if (parts[0] === 'classes') return `classes_${parts[1] ?? 'M'}`;
  if (parts[0] === 'talent_categories') {
    return parts.length === 1 ? 'talent' : `talent.${parts[1]}.${parts[3] ?? parts[2]}`;
  }
  if (parts[0] === 'team_points') return 'team_points';
  return parts.slice(0, 3).join('.');
}

/** The first message per input, from the schema's errors or the server's (both name paths the same way). */
export function errorsFor(fields: Record<string, readonly string[]>, v: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [path, messages] of Object.entries(fields)) errors[errorKey(path, v)] ??= messages[0];
  return errors;
}

export type Checked = { ok: true; settings: AssociationSettings } | { ok: false; errors: FormErrors };

export function check(v: FormValues): Checked {
  const parsed = associationSettingsSchema.safeParse(settingsFrom(v));
  return parsed.success
    ? { ok: true, settings: parsed.data }
    : { ok: false, errors: errorsFor(fieldErrors(parsed.error), v) };
}

/**
 * A change of the classes or the unit moves athletes between classes: the admin sees who moves before it is
 * applied.
 */
export function movesAthletes(before: Association, after: AssociationSettings): boolean {
  return before.units !== after.units || JSON.stringify(before.classes) !== JSON.stringify(after.classes);
}

/** Only what changed, so that a change made meanwhile by another admin to another field is kept. */
export function changedFields(before: AssociationSettings, after: AssociationSettings): Partial<AssociationSettings> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AssociationSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch;
}
