import { z } from 'zod';
import { idParam } from '../field-schemas.ts';

/**
 * The tables of a tournament on the wire: their links, the devices that open them, and the head table's overview.
 *
 * A table device proves itself with `Authorization: Table {key}` (the secret of its table link, stored hashed). It
 * may record and undo results only for the categories at its table now, until its links are revoked or the link
 * expires (the day after the tournament). Unknown, revoked or expired key: 401 (WWW-Authenticate: Table); a key
 * for another table's category: 403. Paths:
 *
 * - GET  /api/v1/table                      (a table key) -> tableDeviceSchema: which tournament and table it is;
 * - POST /api/v1/table/status               (a table key) {waiting, since} -> 204: the device's outbox, for the
 *                                           head table's overview (any table-key request counts as contact);
 * - POST /admin/tournaments/{id}/tables/{n}/link -> tableLinkSchema; DELETE the same path -> 204 (all revoked);
 * - GET  /admin/tournaments/{id}/tables     -> tableOverviewSchema.
 */

export const tableParamsSchema = z.object({
  id: idParam(),
  n: z
    .string()
    .regex(/^[1-9]\d{0,1}$/, 'A table number from 1 to 99.')
    .transform(Number),
});

/** What a table device reports of its outbox: how many results wait to be delivered, and since when. */
export const tableStatusSchema = z.object({
  waiting: z.number().int().min(0).max(10000),
  since: z.string().datetime().nullable(),
});
export type TableStatus = z.infer<typeof tableStatusSchema>;

/** Who a table key is: its tournament and table. Its categories are those of the public read at this table. */
export const tableDeviceSchema = z.object({
  tournament_id: z.number().int(),
  tournament_name: z.string(),
  table: z.number().int(),
  expires_at: z.string().nullable(),
});
export type TableDevice = z.infer<typeof tableDeviceSchema>;

/** A new table link: `url` opens the app at `#/table?key={secret}`; the secret is shown once, stored hashed. */
export const tableLinkSchema = z.object({ url: z.string(), expires_at: z.string().nullable() });
export type TableLink = z.infer<typeof tableLinkSchema>;

/** The head table's overview: every table in use, and the categories not at a table yet. */
export const tableOverviewSchema = z.object({
  tables: z.array(
    z.object({
      table: z.number().int(),
      category_ids: z.array(z.number().int()),
      /** The match now pulling (the call queue's first), null when none is ready. */
      current: z.number().int().nullable(),
      /** Ready matches in its call queue, the current one included. */
      queue: z.number().int(),
      /** Links not revoked and not expired. */
      links: z.number().int(),
      /** The last request of any of its devices. */
      last_contact: z.string().nullable(),
      /** Results its devices last said were waiting in their outbox, and since when. */
      waiting: z.number().int(),
      waiting_since: z.string().nullable(),
    }),
  ),
  unassigned: z.array(z.number().int()),
});
export type TableOverview = z.infer<typeof tableOverviewSchema>;
