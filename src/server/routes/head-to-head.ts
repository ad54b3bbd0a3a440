import { Hono } from 'hono';
import { headToHeadSchema } from '../../shared/answers/head-to-head.ts';
import { headToHeadQuerySchema } from '../../shared/head-to-head.ts';
import type { HeadToHead } from '../../shared/answers/head-to-head.ts';
import type { AppDeps } from '../deps.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { readQuery } from '../http/validate.ts';
import { describeRoute } from '../openapi/describe.ts';
import { headToHead } from '../supermatches/head-to-head.ts';

/** /head-to-head?a=&b=&hand=[&best_of=]: public; a strong ETag, so a card seen before revalidates with a 304. */
export function headToHeadRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  const getHeadToHeadDoc = describeRoute({
    operationId: 'getHeadToHead',
    summary: 'Two athletes on one hand: their meetings and the win chance',
    tag: 'rankings',
    access: 'public',
    query: headToHeadQuerySchema,
    queryExample: { a: 'Alex Doe', b: 'Sam Roe', hand: 'RH' },
    responses: { 200: { description: 'The head-to-head.', json: headToHeadSchema } },
    errors: { 404: 'One of the two names is no athlete.' },
    etag: true,
  });
  app.get('/', getHeadToHeadDoc, (c) => {
    const { a, b, hand, best_of } = readQuery(c, headToHeadQuerySchema);
    const body: HeadToHead = headToHead(db, { a, b }, hand, best_of);
    return sendTaggedJson(c, JSON.stringify(body), { 'Cache-Control': 'no-cache' });
  });
  return app;
}
