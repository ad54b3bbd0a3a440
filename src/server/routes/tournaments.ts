import { type Context, Hono } from 'hono';
import {
  liveQuerySchema,
  matchConflictSchema,
  matchResultAnswerSchema,
  tournamentIdParamsSchema,
  tournamentListSchema,
  tournamentSchema,
} from '../../shared/tournament-contract/tournament.ts';
import { matchParamsSchema, matchResultSchema } from '../../shared/tournament-contract/match.ts';
import type {
  MatchConflict,
  MatchResultAnswer,
  TournamentSummary,
} from '../../shared/tournament-contract/tournament.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdminOrTableKey, type AuthVariables } from '../auth/middleware.ts';
import type { TableVariables } from '../auth/table-keys.ts';
import { sendStored, sendTaggedJson } from '../http/etag.ts';
import { completeIdempotent, idempotency, type IdempotencyVariables } from '../http/idempotency.ts';
import { readJson, readParams, readQuery } from '../http/validate.ts';
import { ADMIN, describeRoute } from '../openapi/describe.ts';
import { liveStream } from '../tournaments/live.ts';
import { createTournamentCache, listTournaments } from '../tournaments/read.ts';
import { headTable, type Sender } from '../tournaments/match-access.ts';
import { MatchConflictError } from '../tournaments/match-answer.ts';
import { recordResult, undoMatchResult } from '../tournaments/results.ts';
import { tournamentRow } from '../tournaments/load.ts';
import { decidedBy } from './admin/decided-by.ts';

const RESULT_PATH = '/api/v1/tournaments/{id}/matches/{matchId}/result';

type Variables = AuthVariables & TableVariables & IdempotencyVariables;

/** Who sends a result: the signed-in admin, or the table device whose key came along. */
function senderOf(c: Context<{ Variables: Variables }>): Sender {
  const table = c.get('table');
  if (!table) return headTable(decidedBy(c.get('user')));
  return {
    by: `Table ${table.table}`,
    source: `table:${table.table}`,
    device: `link:${table.linkId}`,
    scope: { tournamentId: table.tournamentId, table: table.table },
  };
}

const TABLE_KEY_NOTE =
  'Or a table device with its key (`Authorization: Table {key}`), for the categories at its table now: an ' +
  'unknown, revoked or expired key is 401 (`WWW-Authenticate: Table`), a match of another table 403.';

/**
 * /tournaments: the public list and one tournament with its brackets (strong ETag, gzip), and recording or
 * undoing a match's result (admins and developers at the head table, or a table device with its key). A result is
 * sent with an Idempotency-Key: the same key twice stores one result and replays the first answer; the same
 * result again with another key is still one result.
 */
export function tournamentRoutes(deps: Pick<AppDeps, 'db' | 'verify'>) {
  const { db, verify } = deps;
  const app = new Hono<{ Variables: Variables }>();
  const admin = requireAdminOrTableKey(db, verify);
  const cached = createTournamentCache(db);

  const listTournamentsDoc = describeRoute({
    operationId: 'listTournaments',
    summary: 'Every tournament, newest first',
    tag: 'tournaments',
    access: 'public',
    responses: { 200: { description: 'The tournaments.', json: tournamentListSchema } },
    etag: true,
  });
  app.get('/', listTournamentsDoc, (c) => {
    const body = JSON.stringify({ tournaments: listTournaments(db) } satisfies { tournaments: TournamentSummary[] });
    return sendTaggedJson(c, body, { 'Cache-Control': 'no-cache' });
  });

  const getTournamentDoc = describeRoute({
    operationId: 'getTournament',
    summary: 'One tournament with its categories, brackets, placings and club standings',
    tag: 'tournaments',
    access: 'public',
    params: tournamentIdParamsSchema,
    responses: { 200: { description: 'The tournament.', json: tournamentSchema } },
    errors: { 404: 'No such tournament.' },
    etag: true,
  });
  app.get('/:id', getTournamentDoc, (c) => {
    const { id } = readParams(c, tournamentIdParamsSchema);
    tournamentRow(db, id);
    return sendStored(c, cached(id));
  });

  const liveDoc = describeRoute({
    operationId: 'getTournamentLive',
    summary: "A tournament's changes as they happen (server-sent events)",
    description:
      'One `event: change` per change of the tournament (a result, an undo, a correction, the draw, entries, ' +
      'tables, publishing), with `id: {version}` and `data: {"version": n, "category_id": n|null}` (null: several ' +
      'categories, or the tournament itself); a comment line every 15 s keeps it open. A client that holds an ' +
      'older version than the tournament, said by `since` (the version of its last read) or by a reconnect’s ' +
      '`Last-Event-ID` (which wins), gets one change at once. Read the tournament again on a change (its ETag ' +
      'moves with the version).',
    tag: 'tournaments',
    access: 'public',
    params: tournamentIdParamsSchema,
    query: liveQuerySchema,
    responses: {
      200: {
        description: 'The stream; it runs until the client leaves or the server closes.',
        content: { 'text/event-stream': 'text' },
        headers: { 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no: not buffered by a proxy' },
      },
    },
    errors: { 404: 'No such tournament.' },
  });
  app.get('/:id/live', liveDoc, (c) => {
    const { id } = readParams(c, tournamentIdParamsSchema);
    const { since } = readQuery(c, liveQuerySchema);
    return liveStream(c, db, tournamentRow(db, id), since);
  });

  const conflict = {
    description:
      'The match is not ready (an athlete is not known yet), already has a different result (`already_decided`: ' +
      'the first stays, the one sent is kept aside for the head table’s conflicts list), was decided by a ' +
      'withdrawal or disqualification, or is in a published category: the body carries the match as it is now.',
    json: matchConflictSchema,
  };

  const recordMatchResultDoc = describeRoute({
    operationId: 'recordMatchResult',
    summary: "Record a match's result (the same result again is one result)",
    tag: 'tournaments',
    access: ADMIN,
    accessNote: TABLE_KEY_NOTE,
    tableKey: true,
    params: matchParamsSchema,
    json: { schema: matchResultSchema, example: { winner: 'A', method: 'pin', warnings_a: 1 } },
    responses: {
      201: { description: 'Recorded: the match and its category now.', json: matchResultAnswerSchema },
      200: { description: 'The match already had this very result: nothing changed.', json: matchResultAnswerSchema },
    },
    errors: {
      403: "A table device's key for a match not at its table.",
      404: 'No such match in this tournament.',
      409: conflict,
    },
    idempotent: true,
  });
  app.post(
    '/:id/matches/:matchId/result',
    recordMatchResultDoc,
    admin,
    idempotency(db, { route: RESULT_PATH }),
    async (c) => {
      const { id, matchId } = readParams(c, matchParamsSchema);
      const input = await readJson(c, matchResultSchema);
      const sender = senderOf(c);
      try {
        // A different result for a decided match is an answer too (kept under the key; the result set aside).
        return completeIdempotent(c, () => {
          const recorded = recordResult(db, id, matchId, input, sender);
          return recorded.status === 409
            ? { status: 409, body: recorded.conflict satisfies MatchConflict }
            : { status: recorded.status, body: recorded.answer satisfies MatchResultAnswer };
        });
      } catch (err) {
        // Any other conflict is not kept under the key: the same request may be sent again once the match is ready.
        if (err instanceof MatchConflictError) return c.json(err.body, 409);
        throw err;
      }
    },
  );

  const undoMatchResultDoc = describeRoute({
    operationId: 'undoMatchResult',
    summary: "Undo a match's result while no later match depends on it",
    tag: 'tournaments',
    access: ADMIN,
    accessNote: TABLE_KEY_NOTE,
    tableKey: true,
    params: matchParamsSchema,
    responses: { 200: { description: 'Undone: the match and its category now.', json: matchResultAnswerSchema } },
    errors: {
      403: "A table device's key for a match not at its table.",
      404: 'No such match in this tournament.',
      409: {
        description:
          'The result cannot be undone: a later match depends on it, it has no result, or the category is ' +
          'published. The body carries the match as it is now.',
        json: matchConflictSchema,
      },
    },
  });
  app.delete('/:id/matches/:matchId/result', undoMatchResultDoc, admin, (c) => {
    const { id, matchId } = readParams(c, matchParamsSchema);
    try {
      return c.json(undoMatchResult(db, id, matchId, senderOf(c)) satisfies MatchResultAnswer);
    } catch (err) {
      if (err instanceof MatchConflictError) return c.json(err.body, 409);
      throw err;
    }
  });
  return app;
}
