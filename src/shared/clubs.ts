import { z } from 'zod';
import {
  CLUB_FOUNDED_MESSAGE,
  CLUB_NUMBER_MESSAGE,
  CLUB_TEXT_MESSAGE,
  CLUB_URL_MESSAGE,
  FOUNDED_MAX,
  FOUNDED_MIN,
} from './club-rules.ts';
import { isHttpUrl } from './field-rules.ts';
import { idParam, text } from './field-schemas.ts';

/**
 * The clubs contract: a club as GET /clubs.json answers it (an array of
 * `Club`, in-state first, then by members count, largest first), the body of
 * PUT /api/v1/clubs/{id} (a club's leader, an admin or a developer changing
 * its public fields) and of POST /api/v1/clubs. The rules that need no
 * schema (defaults, talent categories, order, hints) are in club-rules.ts.
 *
 * Membership comes from the club sheet (GET /sheets/clubs.csv: each column
 * header a club name, the names beneath it its members); `members` here is
 * the database's copy of it, which the app shows when the sheet can't be read.
 */

/** Per talent category of the association, in its order: the members' top-10 hand placings. */
const talentCountsSchema = z.array(z.object({ label: z.string(), count: z.number().int().min(0) }));
export type TalentCounts = z.infer<typeof talentCountsSchema>;

export const talentMetricSchema = z.object({
  /** e.g. 'Heavy talent': the club's strongest category. */
  label: z.string(),
  /** Members' top-10 hand placings in that category. */
  count: z.number().int().min(0),
  /** 'State best' when no other club has as many, else e.g. '+40%' (or '-10%') against the clubs' average. */
  footer_accent: z.string(),
  footer_tail: z.string(),
});
export type TalentMetric = z.infer<typeof talentMetricSchema>;

export const clubSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  leaders: z.array(z.string()),
  verified: z.boolean(),
  image_url: z.string().nullable(),
  /** Training times, one line each (e.g. 'Tue & Thu 6:30pm'). */
  training: z.array(z.string()),
  /** When practice ends (the club's own, else 9:00pm). */
  practice_end: z.string(),
  avg_practice_size: z.number().int().min(0),
  desc: z.string().nullable(),
  members_count: z.number().int().min(0),
  out_of_state: z.boolean(),
  founded: z.number().int().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  /** The club's place among its city's clubs by medals this year (1 = most); null without a city. */
  city_medal_rank: z.number().int().min(1).nullable(),
  medals_this_year: z.number().int().min(0),
  supermatches_hosted: z.number().int().min(0),
  supermatches_upcoming: z.number().int().min(0),
  leader_footer: z.string(),
  members_footer_prefix: z.string(),
  members_footer_accent: z.string(),
  members_footer_tail: z.string(),
  avg_practice_footer_accent: z.string(),
  avg_practice_footer_tail: z.string(),
  medals_footer_accent: z.string(),
  medals_footer_tail: z.string(),
  talent_metric: talentMetricSchema,
  /** Top-10 hand placings per category (the talent metric picks the strongest). */
  talent_counts: talentCountsSchema,
  /** Member names as the database has them (the sheet's copy), in sheet order. */
  members: z.array(z.string()),
});
export type Club = z.infer<typeof clubSchema>;
export const clubListSchema = z.array(clubSchema);

/** /clubs/{id}. */
export const clubIdParamsSchema = z.object({ id: idParam('Not a club id.') });

/** Non-empty trimmed text (`lines`: the description, which keeps its line breaks). */
const editText = (max: number, lines = false) =>
  z.preprocess((v) => (typeof v === 'string' ? v : ''), text(max, { lines }).min(1, CLUB_TEXT_MESSAGE));

/** A whole number >= 0, typed or sent as a number; blank is refused. */
const editCount = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number(CLUB_NUMBER_MESSAGE)
    .int(CLUB_NUMBER_MESSAGE)
    .min(0, CLUB_NUMBER_MESSAGE)
    .max(1_000_000, CLUB_NUMBER_MESSAGE),
);

/** An http(s) address; blank or null clears it. */
const editUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  text(500)
    .refine((v) => isHttpUrl(v), CLUB_URL_MESSAGE)
    .nullable(),
);

/**
 * What a club's leader (or an admin or developer) may change: any subset of
 * the public fields; the rest stay. Name, leaders, verified and members are
 * not here: they are an admin's (the club sheet and the admin tools).
 */
const clubFields = z.object({
  city: editText(120),
  region: editText(120),
  image_url: editUrl,
  /** One line each; blank lines are dropped. */
  training: z
    .array(text(200))
    .max(20, 'At most 20 lines.')
    .transform((lines) => lines.map((l) => l.trim()).filter(Boolean)),
  practice_end: editText(20),
  avg_practice_size: editCount,
  desc: editText(2000, true),
  members_count: editCount,
  out_of_state: z.boolean(),
  founded: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v),
    z
      .number(CLUB_FOUNDED_MESSAGE)
      .int(CLUB_FOUNDED_MESSAGE)
      .min(FOUNDED_MIN, CLUB_FOUNDED_MESSAGE)
      .max(FOUNDED_MAX, CLUB_FOUNDED_MESSAGE)
      .nullable(),
  ),
  facebook: editUrl,
  instagram: editUrl,
  medals_this_year: editCount,
  supermatches_hosted: editCount,
  supermatches_upcoming: editCount,
});

export const clubEditSchema = clubFields
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Change at least one field.');

/**
 * POST /api/v1/clubs (admins): a new club, e.g. from a visitor's club
 * submission in the inbox. Name, city and region are needed; the other public
 * fields as in an edit. The members come later, from the club sheet.
 */
export const clubCreateSchema = clubFields
  .omit({ city: true, region: true })
  .partial()
  .extend({
    name: editText(200),
    city: editText(120),
    region: editText(120),
    /** One name each; blanks dropped. */
    leaders: z
      .array(text(120))
      .max(20, 'At most 20 leaders.')
      .default([])
      .transform((names) => names.map((n) => n.trim()).filter(Boolean)),
  })
  .strict();
export type ClubCreateInput = z.input<typeof clubCreateSchema>;
export type ClubCreate = z.infer<typeof clubCreateSchema>;
export type ClubEditInput = z.input<typeof clubEditSchema>;
export type ClubEdit = z.infer<typeof clubEditSchema>;
/** The answer of PUT /api/v1/clubs/{id}: the club as /clubs.json now has it. */
export const clubEditResponseSchema = z.object({ club: clubSchema });
export type ClubEditResponse = z.infer<typeof clubEditResponseSchema>;
