import { z } from 'zod';
import { HTTP_URL_MESSAGE, isHttpUrl } from './field-rules.ts';
import { idParam, text } from './field-schemas.ts';

/**
 * The clubs contract: a club as GET /clubs.json answers it (an array of
 * `Club`, in-state first, then by members count, largest first), the body of
 * PUT /api/v1/clubs/{id} (a club's leader, an admin or a developer changing
 * its public fields), the talent categories and the shared club rules.
 *
 * Membership comes from the club sheet (GET /sheets/clubs.csv: each column
 * header a club name, the names beneath it its members); `members` here is
 * the database's copy of it, which the app shows when the sheet can't be read.
 */

/** Used where a club has no value of its own. */
export const CLUB_DEFAULTS = {
  avg_practice_size: 12,
  medals_this_year: 159,
  supermatches_hosted: 13,
  practice_end: '9:00pm',
} as const;

/** How many members the club modal lists before its toggle. */
export const CLUB_MEMBERS_SHOWN = 5;

/** Founded years a club may give. */
export const FOUNDED_MIN = 1900;
export const FOUNDED_MAX = 2100;

/**
 * Talent categories: the weight classes (men's and women's labels) whose top-10
 * hand placings count for each. 176 counts for both light and middle.
 */
export const TALENT_CATEGORIES = {
  light: { label: 'Light talent', classes: { M: ['154', '176'], F: ['143'] } },
  middle: { label: 'Middle talent', classes: { M: ['176', '198'], F: ['144+'] } },
  heavy: { label: 'Heavy talent', classes: { M: ['220', '242'], F: [] } },
  super: { label: 'Super talent', classes: { M: ['243+'], F: [] } },
} as const satisfies Record<string, { label: string; classes: { M: readonly string[]; F: readonly string[] } }>;
export type TalentCategory = keyof typeof TALENT_CATEGORIES;
export const TALENT_CATEGORY_KEYS = Object.keys(TALENT_CATEGORIES) as TalentCategory[];

/** A placing counts when the athlete is in the top 10 of their weight class on that hand. */
export const TALENT_TOP = 10;

const talentCountsSchema = z.object({
  light: z.number().int().min(0),
  middle: z.number().int().min(0),
  heavy: z.number().int().min(0),
  super: z.number().int().min(0),
});
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

/** In-state clubs first, then more members first; ties by name. */
export function compareClubs(a: Pick<Club, 'out_of_state' | 'members_count' | 'name'>, b: typeof a): number {
  if (a.out_of_state !== b.out_of_state) return a.out_of_state ? 1 : -1;
  if (a.members_count !== b.members_count) return b.members_count - a.members_count;
  return a.name.localeCompare(b.name);
}

// The edit hints, worded once for the app's edit mode and the server.
export const CLUB_NUMBER_MESSAGE = 'Enter a number, 0 or more.';
export const CLUB_URL_MESSAGE = HTTP_URL_MESSAGE;
export const CLUB_TEXT_MESSAGE = 'This field cannot be empty.';
export const CLUB_FOUNDED_MESSAGE = `Enter a year from ${FOUNDED_MIN} to ${FOUNDED_MAX}.`;

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
export const CLUB_EDIT_FIELDS = [
  'city',
  'region',
  'image_url',
  'training',
  'practice_end',
  'avg_practice_size',
  'desc',
  'members_count',
  'out_of_state',
  'founded',
  'facebook',
  'instagram',
  'medals_this_year',
  'supermatches_hosted',
  'supermatches_upcoming',
] as const satisfies readonly (keyof ClubEdit)[];

/** The answer of PUT /api/v1/clubs/{id}: the club as /clubs.json now has it. */
export const clubEditResponseSchema = z.object({ club: clubSchema });
export type ClubEditResponse = z.infer<typeof clubEditResponseSchema>;

/** Where the club sheet is read (a CSV; the server relays the configured sheet or builds one). */
export const CLUB_SHEET_PATH = '/sheets/clubs.csv';
export const CLUBS_JSON_PATH = '/clubs.json';

/** A club sheet read: each column's header (a club name) and the names beneath it. */
export interface ClubSheetColumn {
  club: string;
  members: string[];
}

/**
 * The club sheet's rows (as papaparse gives them, header row first) as clubs
 * and members: headers are clubs, names trimmed, blank cells dropped, a name
 * repeated in one column kept once, columns with a blank header skipped.
 */
export function readClubSheet(rows: readonly (readonly string[])[]): ClubSheetColumn[] {
  const [header = [], ...body] = rows;
  const columns: ClubSheetColumn[] = [];
  header.forEach((raw, col) => {
    const club = (raw ?? '').trim();
    if (!club) return;
    const seen = new Set<string>();
    const members: string[] = [];
    for (const row of body) {
      const name = (row[col] ?? '').trim().replace(/\s+/g, ' ');
      if (!name || seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      members.push(name);
    }
    const same = columns.find((c) => c.club.toLowerCase() === club.toLowerCase());
    if (!same) {
      columns.push({ club, members });
      return;
    }
    // A club headed twice: one column of both, each name once.
    for (const m of members) {
      if (!same.members.some((x) => x.toLowerCase() === m.toLowerCase())) same.members.push(m);
    }
  });
  return columns;
}
