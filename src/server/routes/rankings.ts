import { Hono, type Context } from 'hono';
import { localToday } from '../../shared/field-rules.ts';
import {
  athleteDetailsSchema,
  athleteQuerySchema,
  leaderboardQuerySchema,
  leaderboardSchema,
} from '../../shared/rankings.ts';
import type { AppDeps } from '../deps.ts';
import { sendStored } from '../http/etag.ts';
import { HttpError } from '../http/errors.ts';
import { readQuery } from '../http/validate.ts';
import { describeRoute } from '../openapi/describe.ts';
import { athleteDetails, findAthlete } from '../rankings/athlete-details.ts';
import type { CachedStandings, StandingsCache } from '../rankings/cache.ts';

/** The precomputed body, as is or compressed, with its precomputed strong ETag; 304 when the client has it. */
function sendStandings(c: Context, s: CachedStandings) {
  return sendStored(c, {
    body: s.json,
    br: s.br,
    gzip: s.gzip,
    type: 'application/json; charset=utf-8',
    etag: s.etag,
    cacheControl: 'no-cache',
  });
}

/** /leaderboard?sex=&t=: one sex's standings, from the cache. The cache-buster t is ignored. */
export function leaderboardRoutes(standings: StandingsCache) {
  const app = new Hono();
  const getLeaderboardDoc = describeRoute({
    operationId: 'getLeaderboard',
    summary: "One sex's standings, both hands (t is a cache-buster, ignored)",
    tag: 'rankings',
    access: 'public',
    query: leaderboardQuerySchema,
    queryExample: { sex: 'M' },
    responses: { 200: { description: 'The standings.', json: leaderboardSchema } },
    etag: true,
  });
  app.get('/', getLeaderboardDoc, (c) => {
    const { sex } = readQuery(c, leaderboardQuerySchema);
    return sendStandings(c, standings.get(sex));
  });
  return app;
}

/** /athletes?name=&sex=&t=: one athlete's details, placed in their sex's standings. The cache-buster t is ignored. */
export function athleteRoutes({ db }: Pick<AppDeps, 'db'>, standings: StandingsCache) {
  const app = new Hono();
  const getAthleteDoc = describeRoute({
    operationId: 'getAthlete',
    summary: "One athlete's details and rated results",
    tag: 'rankings',
    access: 'public',
    query: athleteQuerySchema,
    queryExample: { name: 'Alex Doe' },
    responses: { 200: { description: 'The athlete.', json: athleteDetailsSchema } },
    errors: { 404: 'No athlete has that name (in that sex, when one is given).' },
  });
  app.get('/', getAthleteDoc, (c) => {
    const { name, sex } = readQuery(c, athleteQuerySchema);
    const athlete = findAthlete(db, name);
    if (!athlete || (sex && athlete.sex !== sex)) {
      throw new HttpError(
        404,
        'not_found',
        `No athlete named "${name}"${sex ? ` in ${sex === 'F' ? 'women' : 'men'}` : ''}.`,
      );
    }
    return c.json(athleteDetails(db, athlete, standings.get(athlete.sex), localToday()));
  });
  return app;
}
