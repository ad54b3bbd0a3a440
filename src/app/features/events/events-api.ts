import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  EVENT_STATUSES,
  EVENT_TEXT_FIELDS,
  type EventRecord,
  type EventStatus,
  type EventTextField,
} from '../../../shared/event-rules.ts';
import { useSessionUser } from '../../auth/use-session.ts';
import { apiGet } from '../../lib/api.ts';
import { readWithFallback } from '../../lib/read-with-fallback.ts';
import { eventKeys } from './event-keys.ts';

export { eventKeys };

/**
 * GET /api/v1/events (no cache); on failure or an empty list, /fallback.json's
 * events, read like the leaderboards (lib/read-with-fallback.ts). Checked by
 * hand, not zod: this file is on the events page's path, the schemas are not.
 */
export interface EventsData {
  events: EventRecord[];
  /** True when the list came from fallback.json. */
  fallback: boolean;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** One event from the API or the fallback file, with missing fields filled; null when it is not an event. */
export function normalizeEvent(raw: unknown): EventRecord | null {
  const r = raw as Record<string, unknown> | null;
  if (!r || typeof r.id !== 'number' || typeof r.name !== 'string' || typeof r.date !== 'string') return null;
  const images = list(r.images);
  const text = Object.fromEntries(EVENT_TEXT_FIELDS.map((k) => [k, str(r[k])])) as Record<
    EventTextField,
    string | null
  >;
  return {
    ...text,
    id: r.id,
    name: r.name,
    date: r.date,
    estimated: r.estimated === true,
    weigh_ins: list(r.weigh_ins),
    contacts: list(r.contacts),
    image_url: text.image_url ?? images[0] ?? null,
    images,
    image_position: r.image_position === 'top' ? 'top' : 'center',
    status: (EVENT_STATUSES as readonly unknown[]).includes(r.status) ? (r.status as EventStatus) : null,
    pending_details: r.pending_details === true,
  };
}

export function eventsFrom(body: unknown): EventRecord[] {
  const events = (body as { events?: unknown } | null)?.events;
  return Array.isArray(events) ? events.map(normalizeEvent).filter((e): e is EventRecord => !!e) : [];
}

async function fromApi(): Promise<EventRecord[]> {
  const events = eventsFrom(await apiGet<unknown>('/events', { fresh: true, note: true }));
  if (!events.length) throw new Error('No events');
  return events;
}

function fromFallback(file: unknown): EventRecord[] {
  if (file === null) throw new Error('Failed to load fallback');
  return eventsFrom(file);
}

export async function fetchEvents(onScreen?: EventsData): Promise<EventsData> {
  const { data, fallback } = await readWithFallback(fromApi, fromFallback, onScreen);
  return { events: data, fallback };
}

export const eventsQuery = () =>
  queryOptions({
    queryKey: eventKeys.all,
    queryFn: ({ client, queryKey }) => fetchEvents(client.getQueryData<EventsData>(queryKey)),
  });

export function useEvents() {
  return useQuery(eventsQuery());
}

/**
 * Drafts are for admins only, so an admin's page also asks for the list with
 * drafts, with the bearer token, at a path the service worker does not cache
 * (under the events key, so refreshes reach it).
 */
export const adminEventsQuery = (sub: string) =>
  queryOptions({
    queryKey: eventKeys.admin(sub),
    queryFn: async () => eventsFrom(await apiGet<unknown>('/admin/events', { auth: true, fresh: true })),
  });

/**
 * The signed-in admin's events (drafts too) as choices for a staff form (a scheduled card's event, a new
 * tournament's): id, name and date. Asked for only while `enabled` (an admin's screen, once the role is known).
 */
export function useAdminEventOptions(enabled: boolean): { id: number; name: string; date: string }[] {
  const user = useSessionUser();
  const events = useQuery({ ...adminEventsQuery(user?.sub ?? ''), enabled: enabled && !!user }).data;
  return useMemo(() => (events ?? []).map((e) => ({ id: e.id, name: e.name, date: e.date })), [events]);
}
