import { z } from 'zod';

/** The answers of the admin's inbox (../inbox.ts has the inputs): events, clubs and feedback as submitted. */

const inboxBase = {
  id: z.number().int(),
  /** As typed in the form (Anonymous when left blank). */
  submitter: z.string(),
  submitter_ip: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
};

export const eventInboxItemSchema = z.object({
  ...inboxBase,
  kind: z.literal('event'),
  name: z.string(),
  location: z.string(),
  date: z.string(),
  details: z.string().nullable(),
  link: z.string().nullable(),
});
export type EventInboxItem = z.infer<typeof eventInboxItemSchema>;

export const clubInboxItemSchema = z.object({
  ...inboxBase,
  kind: z.literal('club'),
  name: z.string(),
  city: z.string(),
  region: z.string(),
  leaders: z.string().nullable(),
  training: z.string().nullable(),
  founded: z.number().int().nullable(),
  out_of_state: z.boolean().nullable(),
  members_count: z.number().int().nullable(),
  avg_practice_size: z.number().int().nullable(),
  image_url: z.string().nullable(),
  website: z.string().nullable(),
  desc: z.string().nullable(),
  notes: z.string().nullable(),
});
export type ClubInboxItem = z.infer<typeof clubInboxItemSchema>;

export const feedbackInboxItemSchema = z.object({ ...inboxBase, kind: z.literal('feedback'), text: z.string() });
export type FeedbackInboxItem = z.infer<typeof feedbackInboxItemSchema>;

export const inboxItemSchema = z
  .discriminatedUnion('kind', [eventInboxItemSchema, clubInboxItemSchema, feedbackInboxItemSchema])
  .meta({ id: 'InboxItem' });
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** GET /api/v1/admin/inbox[?kind=]: every item of that kind (all kinds without one), newest first. */
export const inboxListSchema = z.object({ items: z.array(inboxItemSchema) });
export type InboxList = z.infer<typeof inboxListSchema>;

/** POST /api/v1/admin/inbox/{kind}/{id}/handled answers the item. */
export const inboxItemAnswerSchema = z.object({ item: inboxItemSchema });
export type InboxItemAnswer = z.infer<typeof inboxItemAnswerSchema>;
