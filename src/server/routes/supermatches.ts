import { Hono } from 'hono';
import { supermatchListSchema } from '../../shared/answers/supermatches.ts';
import { supermatchListQuerySchema } from '../../shared/supermatches.ts';
import type { SupermatchList } from '../../shared/answers/supermatches.ts';
import type { AppDeps } from '../deps.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { readQuery } from '../http/validate.ts';
import { describeRoute } from '../openapi/describe.ts';
import { publicCards } from '../supermatches/public-cards.ts';

/**
 * /supermatches[?event=][&featured=true]: every public card, upcoming and
 * past (public). The body is tagged by its bytes, so a page that has it gets
 * a 304; the `t` cache-buster is accepted and ignored.
 */
export function supermatchRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  const listSupermatchCardsDoc = describeRoute({
    operationId: 'listSupermatchCards',
    summary: 'Every public supermatch card, upcoming and past (or those of an event, or the featured upcoming ones)',
    tag: 'supermatches',
    access: 'public',
    query: supermatchListQuerySchema,
    queryExample: { featured: 'true' },
    responses: {
      200: { description: 'The cards, by priority, then date and start time.', json: supermatchListSchema },
    },
    etag: true,
  });
  app.get('/', listSupermatchCardsDoc, (c) => {
    const { event, featured } = readQuery(c, supermatchListQuerySchema);
    const body: SupermatchList = { cards: publicCards(db, { event, featured: featured === 'true' }) };
    return sendTaggedJson(c, JSON.stringify(body), { 'Cache-Control': 'no-cache' });
  });
  return app;
}
