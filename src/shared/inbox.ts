import { z } from 'zod';
import { idParam } from './field-schemas.ts';
export type {
  ClubInboxItem,
  EventInboxItem,
  FeedbackInboxItem,
  InboxItem,
  InboxItemAnswer,
  InboxList,
} from './answers/inbox.ts';

/**
 * The admin's inbox: the submissions nobody reviews through a queue of its
 * own (events, clubs, feedback), newest first, each markable as handled.
 */
export const INBOX_KINDS = ['event', 'club', 'feedback'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const inboxQuerySchema = z.object({ kind: z.enum(INBOX_KINDS).optional() });
export const inboxParamsSchema = z.object({ kind: z.enum(INBOX_KINDS), id: idParam() });

/** POST /api/v1/admin/inbox/{kind}/{id}/handled: mark as handled (true) or open again (false); answers the item. */
export const inboxHandledSchema = z.object({ handled: z.boolean() });
