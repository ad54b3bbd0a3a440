import { Hono } from 'hono';
import { supermatchListQuerySchema, type SupermatchList } from '../../shared/supermatches.ts';
import type { AppDeps } from '../deps.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { readQuery } from '../http/validate.ts';
import { publicCards } from '../supermatches/public-cards.ts';

/**
 * /supermatches[?event=][&featured=true]: every public card, upcoming and
 * past (public). The body is tagged by its bytes, so a page that has it gets
 * a 304; the `t` cache-buster is accepted and ignored.
 */
export function supermatchRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  app.get('/', (c) => {
    const { event, featured } = readQuery(c, supermatchListQuerySchema);
    const body: SupermatchList = { cards: publicCards(db, { event, featured: featured === 'true' }) };
    return sendTaggedJson(c, JSON.stringify(body), { 'Cache-Control': 'no-cache' });
  });
  return app;
}
