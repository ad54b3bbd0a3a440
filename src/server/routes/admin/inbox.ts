import { Hono } from 'hono';
import {
  inboxHandledSchema,
  inboxParamsSchema,
  inboxQuerySchema,
  type InboxItemAnswer,
  type InboxList,
} from '../../../shared/inbox.ts';
import { inboxItemAnswerSchema, inboxListSchema } from '../../../shared/answers/inbox.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';
import { listInbox, markHandled } from '../../submissions/inbox.ts';
import { decidedBy } from './decided-by.ts';

/** /admin/inbox: submitted events, clubs and feedback, newest first; each can be marked handled. */
export function adminInboxRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const listInboxDoc = describeRoute({
    operationId: 'listInbox',
    summary: 'Submitted events, clubs and feedback, newest first (one kind, or all)',
    tag: 'admin',
    access: ADMIN,
    query: inboxQuerySchema,
    queryExample: { kind: 'club' },
    responses: { 200: { description: 'The items.', json: inboxListSchema } },
  });
  app.get('/', listInboxDoc, (c) => {
    const { kind } = readQuery(c, inboxQuerySchema);
    return c.json({ items: listInbox(db, kind) } satisfies InboxList);
  });
  const markInboxItemHandledDoc = describeRoute({
    operationId: 'markInboxItemHandled',
    summary: 'Mark an inbox item handled, or open it again',
    tag: 'admin',
    access: ADMIN,
    params: inboxParamsSchema,
    json: { schema: inboxHandledSchema, example: { handled: true } },
    responses: { 200: { description: 'The item now.', json: inboxItemAnswerSchema } },
    errors: { 404: 'No submission of that kind has that id.' },
  });
  app.post('/:kind/:id/handled', markInboxItemHandledDoc, async (c) => {
    const { kind, id } = readParams(c, inboxParamsSchema);
    const { handled } = await readJson(c, inboxHandledSchema);
    return c.json({ item: markHandled(db, kind, id, handled, decidedBy(c.get('user'))) } satisfies InboxItemAnswer);
  });
  return app;
}
