import { z } from 'zod';
import { formNumber, idParam } from '../field-schemas.ts';
import { METHODS } from '../tournament/index.ts';

/**
 * One match on the wire: the row every read and result answer shows, the result a table records, a correction,
 * and a conflict (a different result sent for a decided match). The rules are the engine's (src/shared/tournament);
 * the row is made from the engine's state in one place (match-row.ts).
 *
 * Paths: POST|DELETE /tournaments/{id}/matches/{matchId}/result (an admin, or a table device with its key),
 * POST /admin/tournaments/{id}/matches/{matchId}/correction, GET /admin/tournaments/{id}/conflicts and
 * DELETE /admin/tournaments/{id}/conflicts/{conflictId} (the kept result stays: choosing the other one is a
 * correction, and a saved correction closes the match's open conflicts).
 */

const count = (max: number) => formNumber(z.number().int('A whole number.').min(0).max(max)).optional();

export const matchParamsSchema = z.object({ id: idParam(), matchId: idParam() });

const resultFields = z.object({
  winner: z.enum(['A', 'B']).nullable(),
  method: z.enum(METHODS),
  warnings_a: count(20),
  warnings_b: count(20),
  fouls_a: count(20),
  fouls_b: count(20),
  /** The device's clock when the result was tapped (a table device sends it; kept beside the server's time). */
  recorded_at: z.string().datetime().optional(),
});

/** No winner is a double no-show, and only a double no-show: the rule checked on a result and on a correction. */
const winnerOrDoubleNoShow = <T extends { winner: 'A' | 'B' | null; method: string }>(schema: z.ZodType<T>) =>
  schema.refine((r) => r.winner !== null || r.method === 'no_show', {
    path: ['winner'],
    message: 'Choose the winner: only a double no-show has none.',
  });

/**
 * A result as the table records it: who won, how, and the warnings and fouls of each athlete. No winner
 * (`winner: null`, method 'no_show') is a double no-show: neither athlete came to the table, and both lose.
 */
export const matchResultSchema = winnerOrDoubleNoShow(resultFields);
export type MatchResultInput = z.infer<typeof matchResultSchema>;

/** A correction: the new result; with `dry_run` only what it would change is answered. */
export const correctionSchema = winnerOrDoubleNoShow(resultFields.extend({ dry_run: z.boolean().optional() }));

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
export type TournamentMatch = z.infer<typeof matchSchema>;

export const conflictParamsSchema = z.object({ id: idParam(), conflictId: idParam() });

/** A result as recorded and by whom: `source` is 'head' or 'table:{n}', `by` the admin's name or 'Table {n}'. */
export const sentResultSchema = resultFields.omit({ recorded_at: true }).required().extend({
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
