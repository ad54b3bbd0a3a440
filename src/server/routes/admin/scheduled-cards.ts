import { Hono, type Context } from 'hono';
import {
  cardIdParamsSchema,
  cardResultSchema,
  clearResultQuerySchema,
  scheduledCardSchema,
  type CardResultAnswer,
  type ScheduledCardItem,
  type ScheduledCardList,
} from '../../../shared/supermatches.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { HttpError } from '../../http/errors.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import {
  clearCardResult,
  createScheduledCard,
  deleteScheduledCard,
  getScheduledCard,
  listScheduledCards,
  recordCardResult,
  updateScheduledCard,
} from '../../supermatches/cards.ts';

/**
 * /admin/supermatches/scheduled (behind the admin guard): the scheduled cards
 * listed, created, replaced and removed; a hand's wins recorded (a rated
 * result) or cleared again (?hand=RH or LH).
 */
export function adminScheduledCardRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const cardId = (c: Context) => readParams(c, cardIdParamsSchema).id;

  app.get('/', (c) => c.json({ cards: listScheduledCards(db) } satisfies ScheduledCardList));
  app.post('/', async (c) => {
    const card = await readJson(c, scheduledCardSchema);
    return c.json(createScheduledCard(db, card) satisfies ScheduledCardItem, 201);
  });
  app.get('/:id', (c) => {
    const id = cardId(c);
    const card = getScheduledCard(db, id);
    if (!card) throw new HttpError(404, 'not_found', `No scheduled supermatch ${id}.`);
    return c.json(card satisfies ScheduledCardItem);
  });
  app.put('/:id', async (c) => {
    const id = cardId(c);
    const card = await readJson(c, scheduledCardSchema);
    return c.json(updateScheduledCard(db, id, card) satisfies ScheduledCardItem);
  });
  app.delete('/:id', (c) => {
    const id = cardId(c);
    if (!deleteScheduledCard(db, id)) throw new HttpError(404, 'not_found', `No scheduled supermatch ${id}.`);
    return c.body(null, 204);
  });
  app.post('/:id/result', async (c) => {
    const id = cardId(c);
    const input = await readJson(c, cardResultSchema);
    return c.json(recordCardResult(db, id, input) satisfies CardResultAnswer);
  });
  app.delete('/:id/result', (c) => {
    const id = cardId(c);
    const { hand } = readQuery(c, clearResultQuerySchema);
    return c.json(clearCardResult(db, id, hand) satisfies CardResultAnswer);
  });
  return app;
}
