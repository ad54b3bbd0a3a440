import { Hono } from 'hono';
import {
  inboxHandledSchema,
  inboxParamsSchema,
  inboxQuerySchema,
  type InboxItemAnswer,
  type InboxList,
} from '../../../shared/inbox.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import { listInbox, markHandled } from '../../submissions/inbox.ts';
import { decidedBy } from './decided-by.ts';

/** /admin/inbox: submitted events, clubs and feedback, newest first; each can be marked handled. */
export function adminInboxRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', (c) => {
    const { kind } = readQuery(c, inboxQuerySchema);
    return c.json({ items: listInbox(db, kind) } satisfies InboxList);
  });
  app.post('/:kind/:id/handled', async (c) => {
    const { kind, id } = readParams(c, inboxParamsSchema);
    const { handled } = await readJson(c, inboxHandledSchema);
    return c.json({ item: markHandled(db, kind, id, handled, decidedBy(c.get('user'))) } satisfies InboxItemAnswer);
  });
  return app;
}
