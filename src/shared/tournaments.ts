import { z } from 'zod';
import { formNumber, idParam, optionalText, orNull, requiredText } from './field-schemas.ts';
import { DIVISIONS, METHODS } from './tournament/index.ts';
import { CATEGORY_STATUSES } from './tournament-status.ts';
import { classesFor } from './weight-classes.ts';

/**
 * The tournament API's contract: what the head table, the table devices and other programs send, and what the
 * server answers. The rules themselves (bracket, draw, results, places) are src/shared/tournament; this file is the
 * shape of the data on the wire, validated on the server and typed in the app. Paths:
 *
 * - admin (admins and developers): POST /admin/tournaments, POST /admin/tournaments/{id}/categories,
 *   POST /admin/tournaments/{id}/entries, PUT|DELETE /admin/tournaments/{id}/entries/{entryId} (weigh-in; removal
 *   before the draw), POST /admin/tournaments/{id}/categories/{categoryId}/draw, POST|DELETE
 *   /admin/tournaments/{id}/categories/{categoryId}/publish, PUT /admin/tournaments/{id}/categories/{categoryId}
 *   (its table), POST|DELETE /admin/tournaments/{id}/tables/{n}/link, GET /admin/tournaments/{id}/conflicts,
 *   POST /admin/tournaments/{id}/matches/{matchId}/correction;
 * - results: POST|DELETE /tournaments/{id}/matches/{matchId}/result (an admin, or a table device with its key);
 * - public: GET /tournaments, GET /tournaments/{id}, GET /tournaments/{id}/live (server-sent events).
 */

const SEX = z.enum(['M', 'F']);
const HAND = z.enum(['RH', 'LH']);
const count = (max: number) => formNumber(z.number().int('A whole number.').min(0).max(max)).optional();

export const tournamentIdParamsSchema = z.object({ id: idParam() });
export const categoryParamsSchema = z.object({ id: idParam(), categoryId: idParam() });
export const entryParamsSchema = z.object({ id: idParam(), entryId: idParam() });
export const matchParamsSchema = z.object({ id: idParam(), matchId: idParam() });
export const tableParamsSchema = z.object({
  id: idParam(),
  n: z
    .string()
    .regex(/^[1-9]\d{0,1}$/, 'A table number from 1 to 99.')
    .transform(Number),
});

/** A new tournament of an event of the events list; the settings default to the federation's usual ones. */
export const tournamentCreateSchema = z.object({
  event_id: formNumber(z.number().int().min(1, 'Choose the event.')),
  name: requiredText(120, 'Enter the tournament name.'),
  super_final: z.boolean().optional(),
  fouls_to_lose: formNumber(z.number().int().min(1).max(5)).optional(),
  call_seconds: formNumber(z.number().int().min(10).max(600)).optional(),
  /** Points for places 1, 2, 3, …: places past the list score nothing. */
  team_points: z.array(z.number().int().min(0).max(1000)).min(1).max(16).optional(),
});
export type TournamentCreate = z.infer<typeof tournamentCreateSchema>;

/** A category: sex × hand × weight class (one of the sex's leaderboard classes) × division. */
export const categoryCreateSchema = z
  .object({
    sex: SEX,
    hand: HAND,
    weight_class: requiredText(4, 'Choose the weight class.'),
    division: z.enum(DIVISIONS),
  })
  .refine((c) => classesFor(c.sex).includes(c.weight_class), {
    path: ['weight_class'],
    message: 'Choose one of the weight classes of that sex.',
  });
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/** A weight in lbs, as entered (one decimal place is common at a weigh-in). */
const weightLbs = formNumber(z.number().positive('Enter the weight in lbs.').max(1000, 'Enter the weight in lbs.'));

/** An athlete entered in a category (matched by name in any case); a name not yet in the roster needs `sex`. */
export const entryCreateSchema = z.object({
  category_id: formNumber(z.number().int().min(1, 'Choose the category.')),
  name: requiredText(120, 'Enter the athlete’s name.'),
  sex: SEX.optional(),
  club: orNull(optionalText(120)).optional(),
  weight: weightLbs.optional(),
});
export type EntryCreate = z.infer<typeof entryCreateSchema>;

/** A weigh-in: the weight recorded (over the class limit: 400 naming `weight`, 'Over the limit: …'). */
export const weighInSchema = z.object({ weight: weightLbs });

export const drawSchema = z.object({
  method: z.enum(['lot', 'rating']).optional(),
  /** Repeats a lot draw exactly; a lot draw without one picks one and shows it. */
  seed: formNumber(
    z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1),
  ).optional(),
});

/** A result as the table records it: who won, how, and the warnings and fouls of each athlete. */
export const matchResultSchema = z.object({
  winner: z.enum(['A', 'B']),
  method: z.enum(METHODS),
  warnings_a: count(20),
  warnings_b: count(20),
  fouls_a: count(20),
  fouls_b: count(20),
  /** The device's clock when the result was tapped (a table device sends it; kept beside the server's time). */
  recorded_at: z.string().datetime().optional(),
});
export type MatchResultInput = z.infer<typeof matchResultSchema>;

/** A correction: the new result; with `dry_run` only what it would change is answered. */
export const correctionSchema = matchResultSchema.extend({ dry_run: z.boolean().optional() });

/** The table a category is pulled at (null: none yet). */
export const categoryTableSchema = z.object({ table: z.number().int().min(1).max(99).nullable() });

// ---- Answers -------------------------------------------------------------------------------------------------

// The states and their labels live beside this file, free of zod, for the brackets page.
export { CATEGORY_STATUS_LABELS, CATEGORY_STATUSES, type CategoryStatus } from './tournament-status.ts';

export const tournamentSettingsSchema = z.object({
  super_final: z.boolean(),
  fouls_to_lose: z.number().int(),
  call_seconds: z.number().int(),
  team_points: z.array(z.number().int()),
});
export const entrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  club: z.string().nullable(),
  /** lbs; null until weighed in (an entry without a weight is not drawn). */
  weight: z.number().nullable(),
});

export const matchSchema = z.object({
  id: z.number().int(),
  /** The engine's stable code: W1-3, L2-1, F1 (final), F2 (super final). */
  code: z.string(),
  bracket: z.enum(['W', 'L', 'F']),
  round: z.number().int(),
  a: z.string().nullable(),
  b: z.string().nullable(),
  a_entry: z.number().int().nullable(),
  b_entry: z.number().int().nullable(),
  winner: z.enum(['A', 'B']).nullable(),
  method: z.enum(METHODS).nullable(),
  status: z.enum(['waiting', 'ready', 'done']),
  /** Decided by a withdrawal or disqualification, nobody pulled. */
  auto: z.boolean(),
  warnings_a: z.number().int(),
  warnings_b: z.number().int(),
  fouls_a: z.number().int(),
  fouls_b: z.number().int(),
  /** The table it is pulled at (its category's). */
  table: z.number().int().nullable(),
});

export const placingSchema = z.object({
  place: z.number().int(),
  /** The last place shared (5 for a lone 5th, 6 for '5th–6th'). */
  last: z.number().int(),
  name: z.string(),
  entry_id: z.number().int(),
  club: z.string().nullable(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: SEX,
  hand: HAND,
  weight_class: z.string(),
  division: z.enum(DIVISIONS),
  status: z.enum(CATEGORY_STATUSES),
  method: z.enum(['lot', 'rating']).nullable(),
  /** The lot's seed (null before the draw): the same seed and entries give the same draw. */
  seed: z.number().int().nullable(),
  table: z.number().int().nullable(),
  entries: z.array(entrySchema),
  /** The drawn bracket: the entry in each slot, null for a bye (empty before the draw). */
  slots: z.array(z.number().int().nullable()),
  /** Winners' round 1 byes: the athlete who goes through without a match. */
  byes: z.array(z.object({ code: z.string(), name: z.string(), entry_id: z.number().int() })),
  matches: z.array(matchSchema),
  /**
   * The super final's match id (null: the category has none, or is not drawn). It is listed among `matches` only
   * once the losers' bracket champion has won the final; a table device that records that final offline needs its
   * id to record the super final too.
   */
  super_final_id: z.number().int().nullable(),
  placings: z.array(placingSchema),
});

/** A club's team points and medals over the tournament's categories (the engine's teamStandings). */
export const clubStandingSchema = z.object({
  club: z.string(),
  points: z.number().int(),
  gold: z.number().int(),
  silver: z.number().int(),
  bronze: z.number().int(),
});

export const tournamentSummarySchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  name: z.string(),
  date: z.string(),
  location: z.string().nullable(),
  categories: z.number().int(),
  athletes: z.number().int(),
  /** Every category published (finished and in the ratings). */
  published: z.boolean(),
});
export const tournamentListSchema = z.object({ tournaments: z.array(tournamentSummarySchema) });

/**
 * A tournament's version moves with every change to it. A read of version v holds every change whose answer
 * named a version up to v: a device tells by it whether a read (perhaps an old copy its service worker gave
 * when the network was slow) already holds a result it delivered.
 */
const versionField = z.number().int().min(0);

export const tournamentSchema = tournamentSummarySchema.omit({ categories: true }).extend({
  version: versionField,
  settings: tournamentSettingsSchema,
  categories: z.array(categorySchema),
  standings: z.array(clubStandingSchema),
});

export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;
export type Tournament = z.infer<typeof tournamentSchema>;
export type TournamentCategory = z.infer<typeof categorySchema>;
export type TournamentMatch = z.infer<typeof matchSchema>;
export type TournamentEntry = z.infer<typeof entrySchema>;
export type Placing = z.infer<typeof placingSchema>;

/**
 * The answer to recording or undoing a result: the match as it is now, its whole category, and the tournament's
 * version that holds it.
 */
export const matchResultAnswerSchema = z.object({
  match: matchSchema,
  category: categorySchema,
  version: versionField,
});
export type MatchResultAnswer = z.infer<typeof matchResultAnswerSchema>;

/**
 * The body of a 409 on a result (the match is not ready, is decided otherwise, is in a published category, or
 * cannot be undone): why, and the match as it is now.
 */
export const matchConflictSchema = z.object({
  error: z.object({ code: z.string().min(1), message: z.string().min(1) }),
  match: matchSchema,
});
export type MatchConflict = z.infer<typeof matchConflictSchema>;

// ---- Part 2: tables, table devices, conflicts, corrections, live ------------------------------------------------
//
// A table device proves itself with `Authorization: Table {key}` (the secret of its table link, stored hashed). It
// may record and undo results only for the categories at its table now, until its links are revoked or the link
// expires (the day after the tournament). Unknown, revoked or expired key: 401 (WWW-Authenticate: Table); a key
// for another table's category: 403. Paths beside part 1's:
//
// - GET  /api/v1/table                      (a table key) -> tableDeviceSchema: which tournament and table it is;
// - POST /api/v1/table/status               (a table key) {waiting, since} -> 204: the device's outbox, for the
//                                           head table's overview (any table-key request counts as contact);
// - PUT  /admin/tournaments/{id}/categories/{categoryId} {table} -> the category (categorySchema);
// - POST /admin/tournaments/{id}/tables/{n}/link -> tableLinkSchema; DELETE the same path -> 204 (all revoked);
// - GET  /admin/tournaments/{id}/tables     -> tableOverviewSchema;
// - GET  /admin/tournaments/{id}/conflicts  -> conflictListSchema; DELETE /admin/tournaments/{id}/conflicts/{conflictId}
//                                           -> 204: the kept result stays (choosing the other one is a correction);
// - POST /admin/tournaments/{id}/matches/{matchId}/correction -> correctionAnswerSchema (a saved correction closes
//                                           the match's open conflicts);
// - GET  /tournaments/{id}/live?since={version} -> text/event-stream: `event: change`, `id: {version}`,
//                                           `data: liveChangeSchema`, one per change; a comment every 15 s.

export const conflictParamsSchema = z.object({ id: idParam(), conflictId: idParam() });

/** What a table device reports of its outbox: how many results wait to be delivered, and since when. */
export const tableStatusSchema = z.object({
  waiting: z.number().int().min(0).max(10000),
  since: z.string().datetime().nullable(),
});
export type TableStatus = z.infer<typeof tableStatusSchema>;

/** Who a table key is: its tournament and table. Its categories are those of the public read at this table. */
export const tableDeviceSchema = z.object({
  tournament_id: z.number().int(),
  tournament_name: z.string(),
  table: z.number().int(),
  expires_at: z.string().nullable(),
});
export type TableDevice = z.infer<typeof tableDeviceSchema>;

/** A new table link: `url` opens the app at `#/table?key={secret}`; the secret is shown once, stored hashed. */
export const tableLinkSchema = z.object({ url: z.string(), expires_at: z.string().nullable() });
export type TableLink = z.infer<typeof tableLinkSchema>;

/** The head table's overview: every table in use, and the categories not at a table yet. */
export const tableOverviewSchema = z.object({
  tables: z.array(
    z.object({
      table: z.number().int(),
      category_ids: z.array(z.number().int()),
      /** The match now pulling (the call queue's first), null when none is ready. */
      current: z.number().int().nullable(),
      /** Ready matches in its call queue, the current one included. */
      queue: z.number().int(),
      /** Links not revoked and not expired. */
      links: z.number().int(),
      /** The last request of any of its devices. */
      last_contact: z.string().nullable(),
      /** Results its devices last said were waiting in their outbox, and since when. */
      waiting: z.number().int(),
      waiting_since: z.string().nullable(),
    }),
  ),
  unassigned: z.array(z.number().int()),
});
export type TableOverview = z.infer<typeof tableOverviewSchema>;

/** A result as recorded and by whom: `source` is 'head' or 'table:{n}', `by` the admin's name or 'Table {n}'. */
export const sentResultSchema = matchResultSchema.omit({ recorded_at: true }).required().extend({
  source: z.string(),
  by: z.string(),
  at: z.string(),
});
export type SentResult = z.infer<typeof sentResultSchema>;

/** A different result sent for a decided match: the one kept (in force) and the one set aside. */
export const conflictSchema = z.object({
  id: z.number().int(),
  tournament_id: z.number().int(),
  category_id: z.number().int(),
  match_id: z.number().int(),
  code: z.string(),
  a: z.string().nullable(),
  b: z.string().nullable(),
  kept: sentResultSchema,
  sent: sentResultSchema,
});
export const conflictListSchema = z.object({ conflicts: z.array(conflictSchema) });
export type Conflict = z.infer<typeof conflictSchema>;

/** A correction's answer: the match and category after it (or as they would be: dry run), and the later matches reset. */
export const correctionAnswerSchema = matchResultAnswerSchema.extend({
  affected: z.array(z.number().int()),
  dry_run: z.boolean(),
});
export type CorrectionAnswer = z.infer<typeof correctionAnswerSchema>;

/**
 * The live stream's query: `since`, the version of the tournament the client already holds. If the tournament has
 * moved past it, the stream announces the version at once, so a client that has just read the tournament need not
 * read it again when the stream opens (a `Last-Event-ID` header, sent on a reconnect, is newer and wins).
 */
export const liveQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'Not a version.')
    .transform(Number)
    .optional(),
});

/** One event of the live stream: the tournament's new version and the category that changed (null: several). */
export const liveChangeSchema = z.object({
  version: z.number().int(),
  category_id: z.number().int().nullable(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
