import { z } from 'zod';
import { requiredText } from './field-schemas.ts';

/**
 * The first run of a new deployment: the setup link's token, sent by the person who opened the link and signed
 * in (`POST /api/v1/setup`), and the answer when they became the first admin. A token is 32 random bytes in
 * base64url, so anything else is refused before the database is asked.
 */
export const SETUP_TOKEN_MESSAGE = "This is not a setup link's token: open the whole link from the server's log.";

export const setupRequestSchema = z.object({
  token: requiredText(100, SETUP_TOKEN_MESSAGE).regex(/^[A-Za-z0-9_-]{43}$/, SETUP_TOKEN_MESSAGE),
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;

export const setupResultSchema = z.object({
  /** The role the caller now holds. */
  role: z.literal('admin'),
  /** The token subject the grant was made for. */
  principal: z.string(),
});
export type SetupResult = z.infer<typeof setupResultSchema>;
