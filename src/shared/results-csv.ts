import { z } from 'zod';
import { classesOf, DEFAULT_SETTINGS, type AssociationSettings, type Units } from './association.ts';
import { isCalendarDate, isCleanText, localToday } from './field-rules.ts';
import type { Sex } from './weight-classes.ts';

/**
 * One row of a results file (`npm run import -- results.csv`, and later the
 * admin upload): a tournament placement or a supermatch, told apart by `type`.
 * The input is what a spreadsheet gives: a record of text cells keyed by
 * column name. Cells are trimmed and a blank cell counts as absent, so the
 * same header can carry both kinds of rows, each leaving the other's columns
 * empty. A cell filled in where its kind of row has no use for it is an error
 * rather than being dropped, because it usually means the columns slid.
 *
 * Cross-field rules (weight class of the sex and division, wins against
 * best-of, two different athletes) run even when another cell is bad, so one
 * pass reports every problem of a row.
 *
 * The file follows the association's profile, given to the schema (nothing
 * here reads a stored one): `weight_class` and `weight` are in its unit, the
 * classes are its classes for the row's sex (and division, where that has its
 * own), the divisions its division codes. A header may name the unit of a
 * weight column (`weight_kg`, `Weight (lbs)`): see `unitColumn`.
 */

export const RESULT_ROW_TYPES = ['placement', 'supermatch'] as const;
export type ResultRowType = (typeof RESULT_ROW_TYPES)[number];

export const RESULTS_CSV_COLUMNS = [
  'type',
  'date',
  'event',
  'event_short',
  'hand',
  'athlete',
  'athlete_b',
  'sex',
  'division',
  'category',
  'weight_class',
  'place',
  'weight',
  'a_wins',
  'b_wins',
  'best_of',
] as const;
export type ResultsCsvColumn = (typeof RESULTS_CSV_COLUMNS)[number];

/** Columns every file needs, and those a file needs once it has a row of that type. */
export const ALWAYS_REQUIRED_COLUMNS: readonly ResultsCsvColumn[] = ['type', 'date', 'hand', 'athlete', 'sex'];
export const REQUIRED_COLUMNS_BY_TYPE: Record<ResultRowType, readonly ResultsCsvColumn[]> = {
  placement: ['event', 'division', 'weight_class', 'place'],
  supermatch: ['athlete_b', 'a_wins', 'b_wins', 'best_of'],
};

export const DEFAULT_CATEGORY = 'Open';

/** What a results file is checked against: the association's unit, classes and divisions. */
export type ResultsProfile = Pick<AssociationSettings, 'units' | 'classes' | 'divisions'>;

/** The words a header or a cell may name a unit with. */
const UNIT_WORDS: Record<Units, string> = {
  lbs: 'lbs?|pounds?',
  kg: 'kgs?|kilos?|kilograms?',
};
const unitOfWord = (word: string): Units | undefined =>
  (Object.keys(UNIT_WORDS) as Units[]).find((u) => new RegExp(`^(?:${UNIT_WORDS[u]})$`).test(word));

/**
 * A (normalized) header cell that names a weight column and a unit: 'weight_lbs', 'weight_(kg)' (from
 * "Weight (kg)"), 'weight_in_kg', 'weight_class_kg'. The import reads the association's unit as the plain column
 * and refuses the other unit, since it never converts a file's weights.
 */
export function unitColumn(name: string): { column: 'weight' | 'weight_class'; unit: Units } | undefined {
  const m = /^(weight_class|weight)_?(?:in_)?[([]?([a-z]+)[)\]]?$/.exec(name);
  const unit = m ? unitOfWord(m[2]!) : undefined;
  return m && unit ? { column: m[1] as 'weight' | 'weight_class', unit } : undefined;
}

/** Header cells are matched case-insensitively; spaces and dashes count as underscores ("Weight Class"). */
export function normalizeColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Required columns absent from a (normalized) header, given the row types the file uses. */
export function missingColumns(header: readonly string[], types: Iterable<string>): ResultsCsvColumn[] {
  const have = new Set(header);
  const need = new Set<ResultsCsvColumn>(ALWAYS_REQUIRED_COLUMNS);
  for (const t of types) {
    if (t === 'placement' || t === 'supermatch') REQUIRED_COLUMNS_BY_TYPE[t].forEach((c) => need.add(c));
  }
  return RESULTS_CSV_COLUMNS.filter((c) => need.has(c) && !have.has(c));
}

export function parseHand(value: string): 'LH' | 'RH' | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'lh' || v === 'left' || v === 'l') return 'LH';
  if (v === 'rh' || v === 'right' || v === 'r') return 'RH';
  return undefined;
}

/** Names compare case-insensitively and ignore doubled spaces. */
export const nameKey = (name: string): string => collapseSpaces(name).toLowerCase();
const collapseSpaces = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * The short name an event gets when the file gives none: the initials of its
 * words that start with a letter, then the 2-digit year.
 * "Texas State Championships", 2024-05-18 -> "TSC24".
 */
export function defaultEventShort(name: string, date: string): string {
  const initials = (name.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `${initials || 'EV'}${date.slice(2, 4)}`;
}

const CONTROL_CELL = 'must not hold control characters';
/** Any text cell: no control characters (line breaks and tabs are fine: names and events collapse them to a space). */
const cell = () => z.string().refine((v) => isCleanText(v, { lines: true }), CONTROL_CELL);
const requiredText = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be text') })
  .refine((v) => isCleanText(v, { lines: true }), CONTROL_CELL);

const oneOf = <T extends string>(label: string, read: (v: string) => T | undefined) =>
  requiredText.transform((v, ctx): T => {
    const out = read(v);
    if (out === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be ${label} (got "${v}")` });
      return z.NEVER;
    }
    return out;
  });

const wholeNumber = (min: number) =>
  requiredText.transform((v, ctx): number => {
    if (!/^\+?\d+$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number (got "${v}")` });
      return z.NEVER;
    }
    const n = Number(v);
    if (n < min) {
      ctx.addIssue({ code: 'custom', message: `must be at least ${min} (got ${n})` });
      return z.NEVER;
    }
    return n;
  });

const name = requiredText.transform(collapseSpaces).pipe(z.string().max(100, 'must be at most 100 characters'));

const sex = oneOf('M or F', (v) => (['M', 'F'] as const).find((s) => s === v.toUpperCase()));
const hand = oneOf('LH or RH (Left/Right and L/R work too)', parseHand);
const eventShort = cell().max(20, 'must be at most 20 characters').optional();

const notUsedOn = (type: ResultRowType) =>
  z.undefined({ error: `is not used on ${type} rows: leave it blank` }).optional();

/** 'pro, am or masters'. */
const orList = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');

/** Classes lightest first: '110' before '110+' before '120'. */
const byBound = (a: string, b: string) =>
  parseFloat(a) - parseFloat(b) || Number(a.endsWith('+')) - Number(b.endsWith('+'));

export interface ResultRowSchemaOptions {
  /** Today's date, YYYY-MM-DD, asked at each parse: no result may be dated later. */
  today?: () => string;
  /** The association's unit, classes and divisions; the defaults' (DEFAULT_SETTINGS) when not given. */
  association?: ResultsProfile;
}

export function createResultRowSchema(opts: ResultRowSchemaOptions = {}) {
  const today = opts.today ?? (() => localToday());
  const { units, classes, divisions } = opts.association ?? DEFAULT_SETTINGS;
  const codes = divisions.map((d) => d.code);
  const division = oneOf(orList(codes), (v) => codes.find((d) => d === v.toLowerCase()));
  // A weight or a class may end with the association's unit ('80 kg', '243+ lbs'); any other text stays and is refused.
  const unitSuffix = new RegExp(`\\s*(?:${UNIT_WORDS[units]})$`, 'i');
  const inUnit = requiredText.transform((v) => v.replace(unitSuffix, ''));
  const date = requiredText.superRefine((v, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v))
      ctx.addIssue({ code: 'custom', message: `must be a date like 2024-05-18 (got "${v}")` });
    else if (!isCalendarDate(v)) ctx.addIssue({ code: 'custom', message: `${v} is not a real calendar date` });
    else if (v > today()) ctx.addIssue({ code: 'custom', message: `${v} is in the future` });
  });

  const placement = z
    .object({
      type: z.literal('placement'),
      date,
      event: requiredText.transform(collapseSpaces).pipe(z.string().max(200, 'must be at most 200 characters')),
      event_short: eventShort,
      hand,
      athlete: name,
      sex,
      division,
      category: cell()
        .transform(collapseSpaces)
        .pipe(z.string().max(50, 'must be at most 50 characters'))
        .default(DEFAULT_CATEGORY),
      weight_class: inUnit,
      place: wholeNumber(1),
      weight: inUnit
        .transform((v, ctx): number => {
          const n = /^\d*\.?\d+$/.test(v) ? Number(v) : NaN;
          if (!(n > 0)) {
            ctx.addIssue({ code: 'custom', message: `must be a weight in ${units} above 0 (got "${v}")` });
            return z.NEVER;
          }
          return n;
        })
        .optional(),
      athlete_b: notUsedOn('placement'),
      a_wins: notUsedOn('placement'),
      b_wins: notUsedOn('placement'),
      best_of: notUsedOn('placement'),
    })
    .superRefine(
      (row, ctx) => {
        if (typeof row.weight_class !== 'string') return;
        // A bad sex or division is reported on its own; the class is then judged against every list it could mean.
        const s = row.sex === 'M' || row.sex === 'F' ? row.sex : undefined;
        const d = codes.includes(row.division) ? row.division : undefined;
        const sexes: Sex[] = s ? [s] : ['M', 'F'];
        const divs = d ? [d] : [undefined, ...Object.keys(classes.by_division ?? {})];
        const allowed = [...new Set(sexes.flatMap((x) => divs.flatMap((dv) => classesOf(classes, x, dv))))];
        if (sexes.length > 1 || divs.length > 1) allowed.sort(byBound);
        if (!allowed.includes(row.weight_class)) {
          const own = s && d && classes.by_division?.[d]?.[s] ? ` in the ${d} division` : '';
          const who = s ? ` for ${s === 'M' ? 'men' : 'women'}${own}` : '';
          ctx.addIssue({
            code: 'custom',
            path: ['weight_class'],
            message: `must be one of ${allowed.join(', ')} ${units}${who} (got "${row.weight_class}")`,
          });
        }
      },
      { when: () => true },
    );

  const supermatch = z
    .object({
      type: z.literal('supermatch'),
      date,
      event: cell().transform(collapseSpaces).pipe(z.string().max(200, 'must be at most 200 characters')).optional(),
      event_short: eventShort,
      hand,
      athlete: name,
      athlete_b: name,
      sex,
      a_wins: wholeNumber(0),
      b_wins: wholeNumber(0),
      best_of: wholeNumber(1),
      division: notUsedOn('supermatch'),
      category: notUsedOn('supermatch'),
      weight_class: notUsedOn('supermatch'),
      place: notUsedOn('supermatch'),
      weight: notUsedOn('supermatch'),
    })
    .superRefine(
      (row, ctx) => {
        if (row.event === undefined && row.event_short !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['event_short'], message: 'needs an event name beside it' });
        }
        if (
          typeof row.athlete === 'string' &&
          typeof row.athlete_b === 'string' &&
          nameKey(row.athlete) === nameKey(row.athlete_b)
        ) {
          ctx.addIssue({ code: 'custom', path: ['athlete_b'], message: 'must be a different athlete from athlete' });
        }
        const { a_wins: a, b_wins: b, best_of: n } = row;
        if (typeof a !== 'number' || typeof b !== 'number' || typeof n !== 'number') return;
        if (a + b < 1 || a + b > n) {
          ctx.addIssue({
            code: 'custom',
            path: ['a_wins'],
            message: `a_wins + b_wins must be between 1 and best_of (${a} + ${b}, best of ${n})`,
          });
        }
        const toWin = Math.ceil(n / 2);
        if (a > toWin || b > toWin) {
          ctx.addIssue({
            code: 'custom',
            path: [a > toWin ? 'a_wins' : 'b_wins'],
            message: `nobody can win more than ${toWin} in a best of ${n}`,
          });
        }
      },
      { when: () => true },
    );

  return z.preprocess(
    normalizeCells,
    z.discriminatedUnion('type', [placement, supermatch], {
      error: (iss) => {
        if (iss.code !== 'invalid_union') return undefined;
        const got = (iss.input as { type?: unknown } | undefined)?.type;
        return typeof got === 'string' ? `must be placement or supermatch (got "${got}")` : 'is required';
      },
    }),
  );
}

/** Trims every cell, drops blank ones, lower-cases the type. */
function normalizeCells(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    const cell = typeof v === 'string' ? v.trim() : v;
    if (cell === '' || cell === undefined || cell === null) continue;
    out[k] = k === 'type' && typeof cell === 'string' ? cell.toLowerCase() : cell;
  }
  return out;
}

export const resultRowSchema = createResultRowSchema();
export type ResultRowInput = Partial<Record<ResultsCsvColumn, string>>;
export type ResultRow = z.infer<typeof resultRowSchema>;
export type PlacementRow = Extract<ResultRow, { type: 'placement' }>;
export type SupermatchRow = Extract<ResultRow, { type: 'supermatch' }>;
