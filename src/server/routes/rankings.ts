import { Hono, type Context } from 'hono';
import { athleteQuerySchema, leaderboardQuerySchema } from '../../shared/rankings.ts';
import type { AppDeps } from '../app.ts';
import { notModified } from '../http/etag.ts';
import { HttpError } from '../http/errors.ts';
import { readQuery } from '../http/validate.ts';
import { athleteDetails, findAthlete } from '../rankings/athlete-details.ts';
import type { CachedStandings, StandingsCache } from '../rankings/cache.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The precomputed body, as is or gzipped, with a strong ETag; 304 when the client has it. */
function sendStandings(c: Context, s: CachedStandings) {
  const headers: Record<string, string> & { ETag: string } = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    ETag: s.etag,
    Vary: 'Accept-Encoding',
  };
  const unchanged = notModified(c, headers);
  if (unchanged) return unchanged;
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  if (gzip) headers['Content-Encoding'] = 'gzip';
  const body = gzip ? s.gzip : s.json;
  headers['Content-Length'] = String(body.length);
  return c.body(body, 200, headers);
}

/** /leaderboard?sex=&t=: one sex's standings, from the cache. The cache-buster t is ignored. */
export function leaderboardRoutes(standings: StandingsCache) {
  const app = new Hono();
  app.get('/', (c) => {
    const { sex } = readQuery(c, leaderboardQuerySchema);
    return sendStandings(c, standings.get(sex));
  });
  return app;
}

/** /athletes?name=&sex=&t=: one athlete's details, placed in their sex's standings. The cache-buster t is ignored. */
export function athleteRoutes({ db }: AppDeps, standings: StandingsCache) {
  const app = new Hono();
  app.get('/', (c) => {
    const { name, sex } = readQuery(c, athleteQuerySchema);
    const athlete = findAthlete(db, name);
    if (!athlete || (sex && athlete.sex !== sex)) {
      throw new HttpError(404, 'not_found', `No athlete named "${name}"${sex ? ` in ${sex === 'F' ? 'women' : 'men'}` : ''}.`);
    }
    return c.json(athleteDetails(db, athlete, standings.get(athlete.sex), today()));
  });
  return app;
}
