import { Hono } from 'hono';
import { headToHeadQuerySchema, type HeadToHead } from '../../shared/head-to-head.ts';
import type { AppDeps } from '../deps.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { readQuery } from '../http/validate.ts';
import { headToHead } from '../supermatches/head-to-head.ts';

/** /head-to-head?a=&b=&hand=[&best_of=]: public; a strong ETag, so a card seen before revalidates with a 304. */
export function headToHeadRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  app.get('/', (c) => {
    const { a, b, hand, best_of } = readQuery(c, headToHeadQuerySchema);
    const body: HeadToHead = headToHead(db, { a, b }, hand, best_of);
    return sendTaggedJson(c, JSON.stringify(body), { 'Cache-Control': 'no-cache' });
  });
  return app;
}
