import { Hono } from 'hono';
import {
  categoryCreateSchema,
  categoryParamsSchema,
  categorySchema,
  categoryTableSchema,
  drawSchema,
  entryCreateSchema,
  entryParamsSchema,
  entrySchema,
  weighInSchema,
} from '../../../shared/tournament-contract/category.ts';
import {
  conflictListSchema,
  conflictParamsSchema,
  correctionSchema,
  matchParamsSchema,
} from '../../../shared/tournament-contract/match.ts';
import {
  correctionAnswerSchema,
  matchConflictSchema,
  tournamentCreateSchema,
  tournamentIdParamsSchema,
  tournamentSchema,
} from '../../../shared/tournament-contract/tournament.ts';
import { tableLinkSchema, tableOverviewSchema, tableParamsSchema } from '../../../shared/tournament-contract/table.ts';
import type { Conflict } from '../../../shared/tournament-contract/match.ts';
import type { CorrectionAnswer, Tournament } from '../../../shared/tournament-contract/tournament.ts';
import type { TableLink, TableOverview } from '../../../shared/tournament-contract/table.ts';
import type { TournamentCategory, TournamentEntry } from '../../../shared/tournament-contract/category.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams } from '../../http/validate.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';
import { publishCategory, unpublishCategory } from '../../tournaments/publish.ts';
import { dismissConflict, listConflicts } from '../../tournaments/conflicts.ts';
import { correctMatch } from '../../tournaments/corrections.ts';
import { MatchConflictError } from '../../tournaments/match-answer.ts';
import { readTournament } from '../../tournaments/read.ts';
import { assignTable, createTableLink, revokeTableLinks, tableOverview } from '../../tournaments/tables.ts';
import {
  createCategory,
  createEntry,
  createTournament,
  deleteEntry,
  drawCategoryOf,
  recordWeighIn,
} from '../../tournaments/store.ts';
import { decidedBy } from './decided-by.ts';

/**
 * /admin/tournaments: the head table's writes (behind the /admin guard: admins and developers with the admin
 * scopes): a tournament for an event, its categories, the athletes entered and their weigh-ins, the draw, and
 * publishing a finished category into the ratings and medals (or taking it back); the tables categories are pulled
 * at and the table links their devices record with.
 */
export function adminTournamentRoutes(deps: Pick<AppDeps, 'db' | 'publicUrl'>) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();

  const createTournamentDoc = describeRoute({
    operationId: 'createTournament',
    summary: 'Create a tournament at an event',
    tag: 'admin',
    access: ADMIN,
    json: { schema: tournamentCreateSchema, example: { event_id: 1, name: 'Spring Pull Open', super_final: true } },
    responses: { 201: { description: 'The tournament.', json: tournamentSchema } },
  });
  app.post('/', createTournamentDoc, async (c) => {
    const input = await readJson(c, tournamentCreateSchema);
    const id = createTournament(db, input, decidedBy(c.get('user')));
    return c.json(readTournament(db, id) satisfies Tournament, 201);
  });

  const createCategoryDoc = describeRoute({
    operationId: 'createTournamentCategory',
    summary: 'Add a category (sex, hand, weight class, division) to a tournament',
    tag: 'admin',
    access: ADMIN,
    params: tournamentIdParamsSchema,
    json: { schema: categoryCreateSchema, example: { sex: 'M', hand: 'RH', weight_class: '198', division: 'am' } },
    responses: { 201: { description: 'The category, with its id, name and unit.', json: categorySchema } },
    errors: {
      400: "A division the association does not list (on `division`), or a class not among the sex's classes in that division (on `weight_class`).",
      404: 'No such tournament.',
      409: 'The tournament has that category already.',
    },
  });
  app.post('/:id/categories', createCategoryDoc, async (c) => {
    const { id } = readParams(c, tournamentIdParamsSchema);
    const input = await readJson(c, categoryCreateSchema);
    return c.json(createCategory(db, id, input) satisfies TournamentCategory, 201);
  });

  const createEntryDoc = describeRoute({
    operationId: 'createTournamentEntry',
    summary: 'Enter an athlete in a category (a new name needs sex); a weight given is the weigh-in',
    tag: 'admin',
    access: ADMIN,
    params: tournamentIdParamsSchema,
    json: {
      schema: entryCreateSchema,
      example: { category_id: 1, name: 'Sam Strong', sex: 'M', club: 'Valley Arms', weight: 196.4 },
    },
    responses: { 201: { description: 'The entry, with its id.', json: entrySchema } },
    errors: {
      400: 'A new name without `sex`; a weight over the class limit (on `weight`: ‘Over the limit: …’).',
      404: 'No such tournament or category.',
      409: 'The athlete is entered already, or the category has been drawn.',
    },
  });
  app.post('/:id/entries', createEntryDoc, async (c) => {
    const { id } = readParams(c, tournamentIdParamsSchema);
    const input = await readJson(c, entryCreateSchema);
    return c.json(createEntry(db, id, input) satisfies TournamentEntry, 201);
  });

  const weighInDoc = describeRoute({
    operationId: 'recordTournamentWeighIn',
    summary: "Record an entry's weigh-in",
    tag: 'admin',
    access: ADMIN,
    params: entryParamsSchema,
    json: { schema: weighInSchema, example: { weight: 197.6 } },
    responses: { 200: { description: 'The entry.', json: entrySchema } },
    errors: {
      400: 'Over the class limit: `weight` names it (‘Over the limit: 201.5 lbs in 198 lbs.’).',
      404: 'No such entry in this tournament.',
      409: 'The category has been drawn.',
    },
  });
  app.put('/:id/entries/:entryId', weighInDoc, async (c) => {
    const { id, entryId } = readParams(c, entryParamsSchema);
    const { weight } = await readJson(c, weighInSchema);
    return c.json(recordWeighIn(db, id, entryId, weight) satisfies TournamentEntry);
  });

  const deleteEntryDoc = describeRoute({
    operationId: 'deleteTournamentEntry',
    summary: 'Take an athlete out of a category before its draw',
    tag: 'admin',
    access: ADMIN,
    params: entryParamsSchema,
    responses: { 204: { description: 'Taken out.' } },
    errors: { 404: 'No such entry in this tournament.', 409: 'The category has been drawn.' },
  });
  app.delete('/:id/entries/:entryId', deleteEntryDoc, (c) => {
    const { id, entryId } = readParams(c, entryParamsSchema);
    deleteEntry(db, id, entryId);
    return c.body(null, 204);
  });

  const drawDoc = describeRoute({
    operationId: 'drawTournamentCategory',
    summary: 'Draw a category by lot or by rating (the seed is kept and answered)',
    tag: 'admin',
    access: ADMIN,
    params: categoryParamsSchema,
    json: { schema: drawSchema, example: { method: 'lot', seed: 12345 } },
    responses: { 200: { description: 'The drawn category.', json: categorySchema } },
    errors: {
      404: 'No such category in this tournament.',
      409: 'Drawn already, or fewer than two athletes weighed in.',
    },
  });
  app.post('/:id/categories/:categoryId/draw', drawDoc, async (c) => {
    const { id, categoryId } = readParams(c, categoryParamsSchema);
    const input = await readJson(c, drawSchema);
    return c.json(drawCategoryOf(db, id, categoryId, input) satisfies TournamentCategory);
  });

  const publishDoc = describeRoute({
    operationId: 'publishTournamentCategory',
    summary: 'Publish a finished category: its matches rated, its podium medalled (again: nothing changes)',
    tag: 'admin',
    access: ADMIN,
    params: categoryParamsSchema,
    responses: { 200: { description: 'The category, published.', json: categorySchema } },
    errors: { 404: 'No such category in this tournament.', 409: 'The category is not finished.' },
  });
  app.post('/:id/categories/:categoryId/publish', publishDoc, (c) => {
    const { id, categoryId } = readParams(c, categoryParamsSchema);
    return c.json(publishCategory(db, id, categoryId, decidedBy(c.get('user'))) satisfies TournamentCategory);
  });

  const unpublishDoc = describeRoute({
    operationId: 'unpublishTournamentCategory',
    summary: 'Take a published category out of the ratings, medals and results lists again',
    tag: 'admin',
    access: ADMIN,
    params: categoryParamsSchema,
    responses: { 200: { description: 'The category, no longer published.', json: categorySchema } },
    errors: { 404: 'No such category in this tournament.' },
  });
  app.delete('/:id/categories/:categoryId/publish', unpublishDoc, (c) => {
    const { id, categoryId } = readParams(c, categoryParamsSchema);
    return c.json(unpublishCategory(db, id, categoryId, decidedBy(c.get('user'))) satisfies TournamentCategory);
  });

  const assignTableDoc = describeRoute({
    operationId: 'assignTournamentTable',
    summary: 'Put a category at a table (null: at none); a table device of its old table loses it at once',
    tag: 'admin',
    access: ADMIN,
    params: categoryParamsSchema,
    json: { schema: categoryTableSchema, example: { table: 2 } },
    responses: { 200: { description: 'The category, as the public read shows it.', json: categorySchema } },
    errors: { 404: 'No such category in this tournament.' },
  });
  app.put('/:id/categories/:categoryId', assignTableDoc, async (c) => {
    const { id, categoryId } = readParams(c, categoryParamsSchema);
    const { table } = await readJson(c, categoryTableSchema);
    return c.json(assignTable(db, id, categoryId, table) satisfies TournamentCategory);
  });

  const createLinkDoc = describeRoute({
    operationId: 'createTableLink',
    summary: "A new link for a table's device: its URL holds the key (shown once, stored hashed)",
    description:
      'The URL opens the app at `#/table?key={key}`; the device sends the key as `Authorization: Table {key}`. ' +
      'It is good for the categories at that table, until the table’s links are revoked or it expires (the end ' +
      'of the day after the tournament, UTC).',
    tag: 'admin',
    access: ADMIN,
    params: tableParamsSchema,
    responses: { 201: { description: 'The link.', json: tableLinkSchema } },
    errors: { 404: 'No such tournament.' },
  });
  app.post('/:id/tables/:n/link', createLinkDoc, (c) => {
    const { id, n } = readParams(c, tableParamsSchema);
    const origin = deps.publicUrl ?? new URL(c.req.url).origin;
    return c.json(createTableLink(db, id, n, origin, decidedBy(c.get('user'))) satisfies TableLink, 201);
  });

  const revokeLinksDoc = describeRoute({
    operationId: 'revokeTableLinks',
    summary: 'Revoke every link of a table: its devices record nothing more (401)',
    tag: 'admin',
    access: ADMIN,
    params: tableParamsSchema,
    responses: { 204: { description: 'Revoked (none left live).' } },
    errors: { 404: 'No such tournament.' },
  });
  app.delete('/:id/tables/:n/link', revokeLinksDoc, (c) => {
    const { id, n } = readParams(c, tableParamsSchema);
    revokeTableLinks(db, id, n);
    return c.body(null, 204);
  });

  const overviewDoc = describeRoute({
    operationId: 'getTableOverview',
    summary: 'Every table in use: its categories, the match now pulling, its queue, its devices and their outbox',
    tag: 'admin',
    access: ADMIN,
    params: tournamentIdParamsSchema,
    responses: { 200: { description: 'The tables, and the categories at none.', json: tableOverviewSchema } },
    errors: { 404: 'No such tournament.' },
  });
  app.get('/:id/tables', overviewDoc, (c) => {
    const { id } = readParams(c, tournamentIdParamsSchema);
    c.header('Cache-Control', 'no-store');
    return c.json(tableOverview(db, id) satisfies TableOverview);
  });

  const listConflictsDoc = describeRoute({
    operationId: 'listTournamentConflicts',
    summary: 'The open conflicts: a different result sent for a decided match, beside the one kept',
    tag: 'admin',
    access: ADMIN,
    params: tournamentIdParamsSchema,
    responses: { 200: { description: 'The open conflicts, oldest first.', json: conflictListSchema } },
    errors: { 404: 'No such tournament.' },
  });
  app.get('/:id/conflicts', listConflictsDoc, (c) => {
    const { id } = readParams(c, tournamentIdParamsSchema);
    c.header('Cache-Control', 'no-store');
    return c.json({ conflicts: listConflicts(db, id) } satisfies { conflicts: Conflict[] });
  });

  const dismissConflictDoc = describeRoute({
    operationId: 'dismissTournamentConflict',
    summary: 'Dismiss a conflict: the kept result stays (choosing the sent one is a correction)',
    tag: 'admin',
    access: ADMIN,
    params: conflictParamsSchema,
    responses: { 204: { description: 'Dismissed (or closed already); in the decision log.' } },
    errors: { 404: 'No such conflict in this tournament.' },
  });
  app.delete('/:id/conflicts/:conflictId', dismissConflictDoc, (c) => {
    const { id, conflictId } = readParams(c, conflictParamsSchema);
    dismissConflict(db, id, conflictId, decidedBy(c.get('user')));
    return c.body(null, 204);
  });

  const correctionDoc = describeRoute({
    operationId: 'correctTournamentMatch',
    summary: "Correct a decided match's result: the later matches it depends on are reset (dry run: only said)",
    description:
      '`affected` lists the later matches whose result no longer stands (removed, to be pulled again); results ' +
      'not affected stay. Saved: the match’s open conflicts are closed, placings follow, a published category ' +
      'is re-rated exactly (or taken out of publication when matches were reset), and the decision log has who, ' +
      'when, the result before and after.',
    tag: 'admin',
    access: ADMIN,
    params: matchParamsSchema,
    json: { schema: correctionSchema, example: { winner: 'B', method: 'pin', dry_run: true } },
    responses: {
      200: { description: 'The match and category after it (or as they would be).', json: correctionAnswerSchema },
    },
    errors: {
      404: 'No such match in this tournament.',
      409: {
        description:
          'The match has no result yet (`not_decided`: record it with the result route) or was decided by a ' +
          'withdrawal or disqualification (`automatic`). The body carries the match as it is now.',
        json: matchConflictSchema,
      },
    },
  });
  app.post('/:id/matches/:matchId/correction', correctionDoc, async (c) => {
    const { id, matchId } = readParams(c, matchParamsSchema);
    const input = await readJson(c, correctionSchema);
    try {
      return c.json(correctMatch(db, id, matchId, input, decidedBy(c.get('user'))) satisfies CorrectionAnswer);
    } catch (err) {
      if (err instanceof MatchConflictError) return c.json(err.body, 409);
      throw err;
    }
  });
  return app;
}
