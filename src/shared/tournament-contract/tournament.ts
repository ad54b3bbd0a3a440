import { z } from 'zod';
import { formNumber, idParam, requiredText } from '../field-schemas.ts';
import { categorySchema } from './category.ts';
import { matchSchema } from './match.ts';

/**
 * A tournament on the wire: creating one, its settings, the public list and read (its categories and the club
 * standings), its version, the answers to a result's change, and the live stream. The rules themselves (bracket,
 * draw, results, places) are the engine's, src/shared/tournament; these files (tournament-contract/) are the shape
 * of the data on the wire, validated on the server and typed in the app.
 *
 * Paths: POST /admin/tournaments (admins and developers); public: GET /tournaments, GET /tournaments/{id},
 * GET /tournaments/{id}/live?since={version} (server-sent events: `event: change`, `id: {version}`,
 * `data: liveChangeSchema`, one per change; a comment every 15 s).
 */

export const tournamentIdParamsSchema = z.object({ id: idParam() });

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

export const tournamentSettingsSchema = z.object({
  super_final: z.boolean(),
  fouls_to_lose: z.number().int(),
  call_seconds: z.number().int(),
  team_points: z.array(z.number().int()),
});
/** A club's team points and medals over the tournament's categories (the engine's teamStandings). */
export const clubStandingSchema = z.object({
  club: z.string(),
  /** Shared places split their points, so a total may have a fraction (to the hundredth). */
  points: z.number(),
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
