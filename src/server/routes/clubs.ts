import { Hono } from 'hono';
import {
  clubCreateSchema,
  clubEditResponseSchema,
  clubEditSchema,
  clubIdParamsSchema,
  clubListSchema,
  type ClubEditResponse,
} from '../../shared/clubs.ts';
import type { Db } from '../db/connection.ts';
import type { AppDeps } from '../deps.ts';
import { actsAsAdmin, requireAdmin, requireUser, type AuthVariables } from '../auth/middleware.ts';
import { createClub, editClub, leadsClub, listClubs, type StandingsOf } from '../clubs/store.ts';
import type { SheetSource } from '../clubs/sheet.ts';
import { HttpError } from '../http/errors.ts';
import { sendTagged, sendTaggedJson } from '../http/etag.ts';
import { readJson, readParams } from '../http/validate.ts';
import { ADMIN, describeRoute } from '../openapi/describe.ts';
import { nameStatusOf } from '../names/name-claims.ts';

/**
 * The public club reads, at the top-level paths the app asks for:
 * GET /clubs.json, every club (in-state first, then by members count), and
 * GET /sheets/clubs.csv, the club sheet (the published sheet relayed, or the
 * database's). Both are tagged by their bytes, so a client that has them gets a 304.
 */
export function clubPublicRoutes(db: Db, standingsOf: StandingsOf, sheet: SheetSource) {
  const app = new Hono();
  const listClubsDoc = describeRoute({
    operationId: 'listClubs',
    summary: 'Every club, in-state first, then by members count',
    tag: 'clubs',
    access: 'public',
    responses: { 200: { description: 'The clubs.', json: clubListSchema } },
    etag: true,
  });
  app.get('/clubs.json', listClubsDoc, (c) =>
    sendTaggedJson(c, JSON.stringify(listClubs(db, standingsOf)), { 'Cache-Control': 'no-cache' }),
  );
  const getClubSheetDoc = describeRoute({
    operationId: 'getClubSheet',
    summary: 'The club sheet as CSV: each column a club, its members beneath',
    tag: 'clubs',
    access: 'public',
    responses: {
      200: {
        description: 'The club sheet.',
        content: { 'text/csv': 'text' },
        headers: { 'X-Club-Sheet-Source': 'sheet (the published sheet, relayed) or database (its copy).' },
      },
    },
    etag: true,
  });
  app.get('/sheets/clubs.csv', getClubSheetDoc, async (c) => {
    const { csv, source } = await sheet.csv();
    const headers = {
      'Content-Type': 'text/csv; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Club-Sheet-Source': source,
    };
    return sendTagged(c, csv, headers);
  });
  return app;
}

/**
 * /api/v1/clubs/{id}: PUT changes a club's public fields. Allowed to admins
 * and developers for any club, and to a club leader (the club_leader role)
 * whose verified name is one of that club's leaders; everyone else 403,
 * signed out 401. Every change is logged in club_edits.
 */
export function clubRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>, standingsOf: StandingsOf) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const answer = (id: number): ClubEditResponse => ({ club: listClubs(db, standingsOf).find((x) => x.id === id)! });
  // A new club (admins and developers): 201 with the club as /clubs.json has it; a taken name is a 409.
  const createClubDoc = describeRoute({
    operationId: 'createClub',
    summary: 'Create a club',
    tag: 'clubs',
    access: ADMIN,
    json: {
      schema: clubCreateSchema,
      example: { name: 'Valley Arms', city: 'Boise', region: 'Idaho', leaders: ['Alex Doe'] },
    },
    responses: { 201: { description: 'The club, as /clubs.json has it.', json: clubEditResponseSchema } },
    errors: { 409: 'A club has that name already.' },
  });
  app.post('/', createClubDoc, requireAdmin(db, verify), async (c) => {
    const input = await readJson(c, clubCreateSchema);
    const user = c.get('user');
    return c.json(answer(createClub(db, input, user.email ?? user.sub)), 201);
  });
  const updateClubDoc = describeRoute({
    operationId: 'updateClub',
    summary: "Change a club's public fields (any subset)",
    tag: 'clubs',
    access: ADMIN,
    accessNote: 'Also a club_leader whose verified name is one of this club’s leaders.',
    params: clubIdParamsSchema,
    json: { schema: clubEditSchema, example: { city: 'Nampa', training: ['Tue 6 pm'] } },
    responses: { 200: { description: 'The club, as /clubs.json now has it.', json: clubEditResponseSchema } },
    errors: { 404: 'No such club.' },
  });
  app.put('/:id', updateClubDoc, requireUser(db, verify), async (c) => {
    const { id } = readParams(c, clubIdParamsSchema);
    const user = c.get('user');
    let allowed = actsAsAdmin(user, c.req.method);
    if (!allowed && user.role === 'club_leader') {
      const name = nameStatusOf(db, user.sub);
      allowed = name.status === 'verified' && !!name.athlete_name && leadsClub(db, id, name.athlete_name);
    }
    if (!allowed) throw new HttpError(403, 'forbidden', 'Only this club’s leaders and admins can edit it.');
    const edit = await readJson(c, clubEditSchema);
    const changed = editClub(db, id, edit, user.email ?? user.sub);
    if (!changed) throw new HttpError(404, 'not_found', 'No such club.');
    return c.json(answer(id));
  });
  return app;
}
