/** The role values. Anything unknown or failed reads as `user`. Free of zod: the app's first screen uses it. */
export const ROLES = ['user', 'admin', 'dev', 'club_leader'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles that see the Admin link and the admin screen. */
export function canSeeAdmin(role: Role): boolean {
  return role === 'admin' || role === 'dev';
}
