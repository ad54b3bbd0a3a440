import { queryOptions } from '@tanstack/react-query';
import type { CardResultInput, ScheduledCard } from '../../../shared/supermatches.ts';
import type { CardResultAnswer, ScheduledCardItem, ScheduledCardList } from '../../../shared/answers/supermatches.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api.ts';

/**
 * The admin's scheduled supermatch cards: listed, created, replaced, deleted,
 * and their wins recorded (which rates them). Signed-in calls that skip the
 * HTTP cache: an admin acts on what the server says now.
 */

const BASE = '/admin/supermatches/scheduled';

export const cardKeys = {
  // Under 'admin': never persisted on the device (see pwa/persist.ts).
  all: ['admin', 'cards'] as const,
  list: (sub: string) => [...cardKeys.all, sub] as const,
};

export const cardsQuery = (sub: string) =>
  queryOptions({
    queryKey: cardKeys.list(sub),
    queryFn: async () => (await apiGet<ScheduledCardList>(BASE, { auth: true, fresh: true })).cards,
    staleTime: 30_000,
  });

export const saveCard = (card: ScheduledCard, id: number | null) =>
  id === null
    ? apiPost<ScheduledCardItem>(BASE, card, { auth: true })
    : apiPut<ScheduledCardItem>(`${BASE}/${id}`, card, { auth: true });

export const deleteCard = (id: number) => apiDelete<unknown>(`${BASE}/${id}`, { auth: true });

export const recordResult = (id: number, result: CardResultInput) =>
  apiPost<CardResultAnswer>(`${BASE}/${id}/result`, result, { auth: true });
