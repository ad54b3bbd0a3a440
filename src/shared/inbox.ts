import { z } from 'zod';
import { idParam } from './field-schemas.ts';

/**
 * The admin's inbox: the submissions nobody reviews through a queue of its
 * own (events, clubs, feedback), newest first, each markable as handled.
 */
export const INBOX_KINDS = ['event', 'club', 'feedback'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

interface InboxBase {
  id: number;
  /** As typed in the form (Anonymous when left blank). */
  submitter: string;
  submitter_ip: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}
export interface EventInboxItem extends InboxBase {
  kind: 'event';
  name: string;
  location: string;
  date: string;
  details: string | null;
  link: string | null;
}
export interface ClubInboxItem extends InboxBase {
  kind: 'club';
  name: string;
  city: string;
  region: string;
  leaders: string | null;
  training: string | null;
  founded: number | null;
  out_of_state: boolean | null;
  members_count: number | null;
  avg_practice_size: number | null;
  image_url: string | null;
  website: string | null;
  desc: string | null;
  notes: string | null;
}
export interface FeedbackInboxItem extends InboxBase {
  kind: 'feedback';
  text: string;
}
export type InboxItem = EventInboxItem | ClubInboxItem | FeedbackInboxItem;

/** GET /api/v1/admin/inbox[?kind=]: every item of that kind (all kinds without one), newest first. */
export interface InboxList {
  items: InboxItem[];
}
export const inboxQuerySchema = z.object({ kind: z.enum(INBOX_KINDS).optional() });
export const inboxParamsSchema = z.object({ kind: z.enum(INBOX_KINDS), id: idParam() });

/** POST /api/v1/admin/inbox/{kind}/{id}/handled: mark as handled (true) or open again (false); answers the item. */
export const inboxHandledSchema = z.object({ handled: z.boolean() });
export interface InboxItemAnswer {
  item: InboxItem;
}
