import {
  DEFAULT_ASSOCIATION,
  UNITS,
  type Association,
  type AssociationSettings,
  type ClassSettings,
} from './association.ts';

/**
 * The part of the association profile the first screen needs (the top bar's name, the title, the colour, the
 * leaderboards' classes and unit, the divisions' labels). The server writes it into the index.html it serves, as a
 * JSON data block, so the first rows never wait for a request for the profile; the app reads it back with the
 * hand-written check below (no zod on the first screen) and keeps it fresh with GET /api/v1/association.
 */
export interface FirstScreenAssociation {
  name: string;
  short_name: string;
  theme_color: string;
  units: AssociationSettings['units'];
  classes: ClassSettings;
  divisions: readonly { code: string; label: string }[];
  /** The profile's version: which of two copies is newer. */
  version: number;
  /** The logo's small icon, for the top bar (absent in a page made before it was sent: the app's own icon). */
  logo?: { icon_192: string } | null;
}

/**
 * The id of the data block (`<script id="association-data" type="application/json">`) in the served index.html;
 * not 'association', which is the admin screen's panel (an id is unique in a page).
 */
export const ASSOCIATION_DATA_ID = 'association-data';

/** The first screen's part of a profile (also of the defaults, or of the API's answer). */
export function firstScreenOf(a: Association): FirstScreenAssociation {
  return {
    name: a.name,
    short_name: a.short_name,
    theme_color: a.theme_color,
    units: a.units,
    classes: a.classes,
    divisions: a.divisions.map(({ code, label }) => ({ code, label })),
    version: a.version,
    logo: a.logo ? { icon_192: a.logo.icon_192 } : null,
  };
}

export const DEFAULT_FIRST_SCREEN: FirstScreenAssociation = firstScreenOf(DEFAULT_ASSOCIATION);

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isClassList = (v: unknown): v is string[] => Array.isArray(v) && v.length >= 2 && v.every(isText);

function isClasses(v: unknown): v is ClassSettings {
  const c = v as Partial<Record<string, unknown>> | null;
  if (!c || typeof c !== 'object' || !isClassList(c.M) || !isClassList(c.F)) return false;
  if (c.by_division === undefined) return true;
  const own = c.by_division as Record<string, Partial<Record<string, unknown>>> | null;
  return (
    !!own &&
    typeof own === 'object' &&
    Object.values(own).every(
      (lists) =>
        !!lists &&
        typeof lists === 'object' &&
        Object.values(lists).every((list) => list === undefined || isClassList(list)),
    )
  );
}

/**
 * Whether a value (the data block's, or the API's answer) has the first screen's part of a profile: each field of
 * the right kind. Written by hand rather than with the shared zod schema, which must not load on the first screen;
 * the server checked the profile with that schema when it was written.
 */
export function hasFirstScreenParts(value: unknown): value is FirstScreenAssociation {
  const v = value as Partial<Record<keyof FirstScreenAssociation, unknown>> | null;
  return (
    !!v &&
    typeof v === 'object' &&
    isText(v.name) &&
    isText(v.short_name) &&
    typeof v.theme_color === 'string' &&
    /^#[0-9a-fA-F]{6}$/.test(v.theme_color) &&
    UNITS.includes(v.units as AssociationSettings['units']) &&
    isClasses(v.classes) &&
    Array.isArray(v.divisions) &&
    v.divisions.length > 0 &&
    v.divisions.every((d: { code?: unknown; label?: unknown } | null) => !!d && isText(d.code) && isText(d.label)) &&
    typeof v.version === 'number' &&
    Number.isInteger(v.version) &&
    v.version >= 0 &&
    (v.logo == null || isText((v.logo as { icon_192?: unknown }).icon_192))
  );
}

/**
 * The data block's text: JSON in which every `<`, `>` and `&` is written as a \u escape, so that no name can end the
 * script element (`</script>`) or open a comment inside it; JSON.parse reads the escapes back as the characters.
 */
export function dataBlockJson(a: FirstScreenAssociation): string {
  return JSON.stringify(a).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
