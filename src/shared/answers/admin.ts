import { z } from 'zod';
import { clubListSchema } from '../clubs.ts';
import { eventSchema } from '../events.ts';
import { leaderboardSchema } from '../rankings.ts';
import { ROLES } from '../roles.ts';
import { supermatchCardSchema } from './supermatches.ts';

/** The answers of the role grants (admins) and of the developer tools. */

export const roleGrantListSchema = z.object({
  grants: z.array(
    z.object({
      principal: z.string(),
      /** An e-mail (anything with an @) or a token subject. */
      kind: z.enum(['email', 'sub']),
      role: z.enum(ROLES),
      granted_at: z.string(),
    }),
  ),
});
export type RoleGrantList = z.infer<typeof roleGrantListSchema>;

/** POST /api/v1/dev/db/upload: what replaced the live data, and the backup taken of what was there. */
export const databaseUploadAnswerSchema = z.object({
  replaced: z.literal(true),
  file: z.string(),
  bytes: z.number().int().min(0),
  uploaded_schema_version: z.number().int(),
  schema_version: z.number().int(),
  /** The backup's file name in the data folder's backups/. */
  backup: z.string(),
});

/** The offline fallback file: what the app shows when the API cannot be reached on a first visit. */
export const fallbackDocumentSchema = z.object({
  generated_at: z.string(),
  men: leaderboardSchema,
  women: leaderboardSchema,
  events: z.array(eventSchema),
  supermatches: z.array(supermatchCardSchema),
  clubs: clubListSchema,
});
