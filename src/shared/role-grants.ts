import { z } from 'zod';
import { requiredText } from './field-schemas.ts';

/** A principal is who a role is granted to: a token subject, or an e-mail. */
export const rolePrincipalSchema = requiredText(254, 'Enter an e-mail or a subject.');

export const roleGrantSchema = z.object({
  principal: rolePrincipalSchema,
  role: z.enum(['admin', 'dev', 'club_leader']),
});
export type RoleGrant = z.infer<typeof roleGrantSchema>;
