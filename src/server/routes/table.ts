import { Hono } from 'hono';
import { tableDeviceSchema, tableStatusSchema } from '../../shared/tournament-contract/table.ts';
import type { TableDevice } from '../../shared/tournament-contract/table.ts';
import type { AppDeps } from '../deps.ts';
import { requireTableKey, type TableVariables } from '../auth/table-keys.ts';
import { readJson } from '../http/validate.ts';
import { describeRoute } from '../openapi/describe.ts';
import { reportTableStatus, tableDevice } from '../tournaments/tables.ts';

/**
 * /table: a table device's own routes, with its key (`Authorization: Table {key}`; any other caller is 401): who
 * it is (its tournament and table), and what its outbox holds, for the head table's overview. It records results
 * through the tournaments' result route with the same key.
 */
export function tableRoutes(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const app = new Hono<{ Variables: TableVariables }>();
  app.use('*', requireTableKey(db));

  const getTableDoc = describeRoute({
    operationId: 'getTableDevice',
    summary: "Who a table key is: its tournament and table (the categories are the public read's at that table)",
    tag: 'tournaments',
    access: 'table',
    responses: { 200: { description: 'The table.', json: tableDeviceSchema } },
  });
  app.get('/', getTableDoc, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(tableDevice(db, c.get('table')!) satisfies TableDevice);
  });

  const statusDoc = describeRoute({
    operationId: 'reportTableStatus',
    summary: "A table device's outbox: how many results wait to be delivered, and since when",
    tag: 'tournaments',
    access: 'table',
    json: { schema: tableStatusSchema, example: { waiting: 2, since: '2025-06-01T18:04:00.000Z' } },
    responses: { 204: { description: 'Noted for the head table’s overview.' } },
  });
  app.post('/status', statusDoc, async (c) => {
    const status = await readJson(c, tableStatusSchema);
    reportTableStatus(db, c.get('table')!, status);
    return c.body(null, 204);
  });
  return app;
}
