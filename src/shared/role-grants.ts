import { z } from 'zod';

/** A principal is who a role is granted to: a token subject, or an e-mail. */
export const rolePrincipalSchema = z
  .string()
  .trim()
  .min(1, 'Enter an e-mail or a subject.')
  .max(254, 'At most 254 characters.');

export const roleGrantSchema = z.object({
  principal: rolePrincipalSchema,
  role: z.enum(['admin', 'dev', 'club_leader']),
});
export type RoleGrant = z.infer<typeof roleGrantSchema>;
