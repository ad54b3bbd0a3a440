import { z } from 'zod';
import { DIVISION_CODE, SHORT_NAME_MAX, UNITS, WEIGHT_CLASS, type AssociationSettings } from './association.ts';
import { isHttpUrl } from './field-rules.ts';
import { requiredText, text } from './field-schemas.ts';

/**
 * The association profile's rules as zod schemas: what the admin's PUT, the first-run form and the stored profile
 * are checked with. Each bad value is refused under its own field (`classes.M`, `divisions.2.code`, …), so the
 * server's 400 and the form both say which field is wrong. The pure profile and its defaults are association.ts.
 */

const CLASS = WEIGHT_CLASS;

/** '154', '52.5', '243+': a bound in the association's unit, '+' only on the open top class. */
const classList = z
  .array(z.string().trim().regex(CLASS, "A class is a weight such as 80 or 52.5; the last one ends with '+'."))
  .min(2, 'Give at least two classes.')
  .max(30, 'At most 30 classes.')
  .superRefine((list, ctx) => {
    const bounds = list.map((c) => Number(c.replace(/\+$/, '')));
    if (!list[list.length - 1]!.endsWith('+')) {
      ctx.addIssue({ code: 'custom', message: "The last class is open-ended: end it with '+', e.g. 110+." });
    }
    if (list.slice(0, -1).some((c) => c.endsWith('+'))) {
      ctx.addIssue({ code: 'custom', message: "Only the last class ends with '+'." });
    }
    // The open class is 'over the class before it', so its number is that class's bound (243+ after 242 is the
    // pounds list's one exception, kept as the association wrote it): bounds before it strictly increase.
    const closed = bounds.slice(0, -1);
    if (closed.some((b, i) => i > 0 && b <= closed[i - 1]!) || bounds.at(-1)! < closed.at(-1)!) {
      ctx.addIssue({
        code: 'custom',
        message: 'Classes go from the lightest to the heaviest, each heavier than the last.',
      });
    }
  });

const sexLists = z.object({ M: classList, F: classList }).strict();

const divisionCode = z.string().trim().regex(DIVISION_CODE, 'A code is 1 to 24 lower-case letters, digits and _.');

const division = z
  .object({
    code: divisionCode,
    label: requiredText(40, 'Give the division a name.'),
    medals: z.enum(['tournament', 'amateur'], "A division's medals go to 'tournament' or 'amateur'."),
  })
  .strict();

const classes = z
  .object({
    M: classList,
    F: classList,
    by_division: z.record(divisionCode, sexLists.partial()).optional(),
  })
  .strict();

const divisions = z
  .array(division)
  .min(1, 'Give at least one division.')
  .max(20, 'At most 20 divisions.')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((d, i) => {
      if (seen.has(d.code))
        ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `The code ${d.code} is used twice.` });
      seen.add(d.code);
    });
  });

const talentCategory = z
  .object({
    label: requiredText(40, 'Give the category a name.'),
    classes: z
      .object({ M: z.array(z.string().trim().regex(CLASS)), F: z.array(z.string().trim().regex(CLASS)) })
      .strict(),
  })
  .strict();

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** Every field an admin sets, each with its own rule. */
const fields = {
  name: requiredText(80, 'Give the association a name.'),
  short_name: requiredText(SHORT_NAME_MAX, 'Give a short name for the home screen.'),
  region: text(80),
  units: z.enum(UNITS as ['lbs', 'kg'], 'Units are lbs or kg.'),
  time_zone: z.string().trim().refine(isTimeZone, 'Give a time zone by its IANA name, e.g. America/Los_Angeles.'),
  contact: text(200).refine((v) => !v || isEmail(v) || isHttpUrl(v), 'Give an e-mail address or a web address.'),
  theme_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Give the colour as #rrggbb.')
    .transform((v) => v.toLowerCase()),
  classes,
  divisions,
  team_points: z
    .array(z.number().int().min(0).max(1000))
    .min(1, 'Give points for at least the first place.')
    .max(16, 'At most 16 places.'),
  talent_categories: z.array(talentCategory).max(10, 'At most 10 talent categories.'),
};

/**
 * A whole profile, with the rules that join fields: a division's own classes name a listed division, a talent
 * category counts classes the profile has.
 */
export const associationSettingsSchema = z
  .object(fields)
  .strict()
  .superRefine((s, ctx) => crossCheck(s, ctx));

/**
 * The admin's change: only what it names changes. `dry_run` answers what the change would do (who moves to which
 * class) and changes nothing.
 */
export const associationPatchSchema = z
  .object({ ...partialFields(), dry_run: z.boolean().optional() })
  .strict()
  .refine((p) => Object.keys(p).some((k) => k !== 'dry_run'), 'Name at least one field to change.');

function partialFields() {
  return Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, s.optional()])) as {
    [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
  };
}

function crossCheck(s: AssociationSettings, ctx: z.RefinementCtx) {
  const codes = new Set(s.divisions.map((d) => d.code));
  for (const code of Object.keys(s.classes.by_division ?? {})) {
    if (!codes.has(code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['classes', 'by_division', code],
        message: `No division has the code ${code}.`,
      });
    }
  }
  s.talent_categories.forEach((t, i) => {
    for (const sex of ['M', 'F'] as const) {
      const known = new Set(s.classes[sex]);
      const unknown = t.classes[sex].filter((c) => !known.has(c));
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['talent_categories', i, 'classes', sex],
          message: `Not a class of the profile: ${unknown.join(', ')}.`,
        });
      }
    }
  });
}

/** The profile as the API answers it. */
export const associationSchema = z.object({
  ...fields,
  version: z.number().int().min(0),
  logo: z.object({ icon_192: z.string(), icon_512: z.string(), maskable_512: z.string() }).nullable(),
});

/** A dry run's answer: per sex, how many athletes would move from which class to which, named with the unit ('154 lbs'). */
export const associationPreviewSchema = z.object({
  dry_run: z.literal(true),
  moves: z.array(
    z.object({ sex: z.enum(['M', 'F']), from: z.string(), to: z.string(), athletes: z.number().int().min(1) }),
  ),
  /** Athletes whose class stays. */
  unchanged: z.number().int().min(0),
  /**
   * The tournaments' categories: the open (undrawn) ones that move to a new class, `merged` where another already
   * has it (the two become one), and the ones that keep a class the new profile lacks (drawn and not yet published,
   * or open with a drawn one in their new class). Named as people read
   * them ('Men · Right Hand · 198 lbs · Pro').
   */
  categories: z.object({
    moves: z.array(z.object({ tournament: z.string(), from: z.string(), to: z.string(), merged: z.boolean() })),
    kept: z.array(z.object({ tournament: z.string(), name: z.string() })),
  }),
});
export type AssociationPreview = z.infer<typeof associationPreviewSchema>;
export type AssociationPatch = z.infer<typeof associationPatchSchema>;
