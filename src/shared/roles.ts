import { z } from 'zod';

/** Role values of spec part 1 §4. Anything unknown or failed reads as `user`. */
export const ROLES = ['user', 'admin', 'dev', 'club_leader'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const roleResponseSchema = z.object({ role: roleSchema });
export type RoleResponse = z.infer<typeof roleResponseSchema>;

/** Roles that see the Admin link and the admin screen (spec part 1 §6). */
export function canSeeAdmin(role: Role): boolean {
  return role === 'admin' || role === 'dev';
}

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

export const roleGrantListSchema = z.object({
  grants: z.array(
    z.object({
      principal: z.string(),
      kind: z.enum(['email', 'sub']),
      role: roleSchema,
      granted_at: z.string(),
    }),
  ),
});
