import { Hono, type Context } from 'hono';
import {
  cardIdParamsSchema,
  cardResultSchema,
  clearResultQuerySchema,
  scheduledCardSchema,
} from '../../../shared/supermatches.ts';
import type { CardResultAnswer, ScheduledCardItem, ScheduledCardList } from '../../../shared/answers/supermatches.ts';
import {
  cardResultAnswerSchema,
  scheduledCardItemSchema,
  scheduledCardListSchema,
} from '../../../shared/answers/supermatches.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthVariables } from '../../auth/middleware.ts';
import { HttpError } from '../../http/errors.ts';
import { readJson, readParams, readQuery } from '../../http/validate.ts';
import { ADMIN, describeRoute } from '../../openapi/describe.ts';
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

  const noCard = 'No such scheduled card.';
  const cardExample = { a: 'Alex Doe', b: 'Sam Roe', date: '2030-06-01', hand: 'RH', hue: 200 };
  const newAthletes = 'A name on the card is no athlete yet: say who in `athletes` (the field named).';
  const listScheduledCardsDoc = describeRoute({
    operationId: 'listScheduledCards',
    summary: 'Every scheduled supermatch card, newest date first',
    tag: 'admin',
    access: ADMIN,
    responses: { 200: { description: 'The cards.', json: scheduledCardListSchema } },
  });
  app.get('/', listScheduledCardsDoc, (c) => c.json({ cards: listScheduledCards(db) } satisfies ScheduledCardList));
  const createScheduledCardDoc = describeRoute({
    operationId: 'createScheduledCard',
    summary: 'Schedule a supermatch card',
    tag: 'admin',
    access: ADMIN,
    json: { schema: scheduledCardSchema, example: cardExample },
    responses: { 201: { description: 'The card.', json: scheduledCardItemSchema } },
    errors: { 400: '`event_id` names no event.' },
  });
  app.post('/', createScheduledCardDoc, async (c) => {
    const card = await readJson(c, scheduledCardSchema);
    return c.json(createScheduledCard(db, card) satisfies ScheduledCardItem, 201);
  });
  const getScheduledCardDoc = describeRoute({
    operationId: 'getScheduledCard',
    summary: 'One scheduled card',
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    responses: { 200: { description: 'The card.', json: scheduledCardItemSchema } },
    errors: { 404: noCard },
  });
  app.get('/:id', getScheduledCardDoc, (c) => {
    const id = cardId(c);
    const card = getScheduledCard(db, id);
    if (!card) throw new HttpError(404, 'not_found', `No scheduled supermatch ${id}.`);
    return c.json(card satisfies ScheduledCardItem);
  });
  const replaceScheduledCardDoc = describeRoute({
    operationId: 'replaceScheduledCard',
    summary: 'Replace a scheduled card',
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    json: { schema: scheduledCardSchema, example: { ...cardExample, hand: 'LH', hue: 10 } },
    responses: { 200: { description: 'The card.', json: scheduledCardItemSchema } },
    errors: {
      400: '`event_id` names no event.',
      404: noCard,
      409: 'The card has results: its athletes, date and recorded hands can no longer change.',
    },
  });
  app.put('/:id', replaceScheduledCardDoc, async (c) => {
    const id = cardId(c);
    const card = await readJson(c, scheduledCardSchema);
    return c.json(updateScheduledCard(db, id, card) satisfies ScheduledCardItem);
  });
  const deleteScheduledCardDoc = describeRoute({
    operationId: 'deleteScheduledCard',
    summary: 'Remove a scheduled card (its rated results stay, as past supermatches)',
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    responses: { 204: { description: 'Removed.' } },
    errors: { 404: noCard },
  });
  app.delete('/:id', deleteScheduledCardDoc, (c) => {
    const id = cardId(c);
    if (!deleteScheduledCard(db, id)) throw new HttpError(404, 'not_found', `No scheduled supermatch ${id}.`);
    return c.body(null, 204);
  });
  const recordScheduledCardResultDoc = describeRoute({
    operationId: 'recordScheduledCardResult',
    summary: "Record a hand's wins of a scheduled card (a rated result)",
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    json: { schema: cardResultSchema, example: { hand: 'RH', a_wins: 3, b_wins: 1 } },
    responses: {
      200: { description: 'The card now, and what the result did to the skills.', json: cardResultAnswerSchema },
    },
    errors: {
      400: 'The card is not pulled with that hand.',
      404: noCard,
      409: 'An approved submission recorded this hand: deny it in the review to change it.',
      422: newAthletes,
    },
  });
  app.post('/:id/result', recordScheduledCardResultDoc, async (c) => {
    const id = cardId(c);
    const input = await readJson(c, cardResultSchema);
    return c.json(recordCardResult(db, id, input) satisfies CardResultAnswer);
  });
  const clearScheduledCardResultDoc = describeRoute({
    operationId: 'clearScheduledCardResult',
    summary: "Clear a hand's result of a scheduled card",
    tag: 'admin',
    access: ADMIN,
    params: cardIdParamsSchema,
    query: clearResultQuerySchema,
    queryExample: { hand: 'RH' },
    responses: {
      200: { description: 'The card now, and what clearing did to the skills.', json: cardResultAnswerSchema },
    },
    errors: {
      400: 'The card is not pulled with that hand.',
      404: noCard,
      409: 'An approved submission recorded this hand: deny it in the review to clear it.',
    },
  });
  app.delete('/:id/result', clearScheduledCardResultDoc, (c) => {
    const id = cardId(c);
    const { hand } = readQuery(c, clearResultQuerySchema);
    return c.json(clearCardResult(db, id, hand) satisfies CardResultAnswer);
  });
  return app;
}
