import type { Role } from '../../shared/roles.ts';
import type { Db } from '../db/connection.ts';

type GrantableRole = Exclude<Role, 'user'>;

/** When a person holds several grants, the strongest one is their role. */
const STRENGTH: Record<Role, number> = { user: 0, club_leader: 1, admin: 2, dev: 3 };

export function principalKind(principal: string): 'email' | 'sub' {
  return principal.includes('@') ? 'email' : 'sub';
}

function normalise(principal: string): string {
  const p = principal.trim();
  return principalKind(p) === 'email' ? p.toLowerCase() : p;
}

export function grantRole(db: Db, principal: string, role: GrantableRole): boolean {
  const p = normalise(principal);
  const info = db
    .prepare('INSERT OR IGNORE INTO role_grants (kind, principal, role, granted_at) VALUES (?, ?, ?, ?)')
    .run(principalKind(p), p, role, new Date().toISOString());
  return info.changes > 0;
}

export function revokeRole(db: Db, principal: string, role: GrantableRole): boolean {
  const p = normalise(principal);
  const info = db
    .prepare('DELETE FROM role_grants WHERE kind = ? AND principal = ? AND role = ?')
    .run(principalKind(p), p, role);
  return info.changes > 0;
}

export function listGrants(db: Db) {
  return db.prepare('SELECT principal, kind, role, granted_at FROM role_grants ORDER BY principal, role').all() as {
    principal: string;
    kind: 'email' | 'sub';
    role: Role;
    granted_at: string;
  }[];
}

/**
 * The role of a token's holder, looked up by its subject and by its e-mail (a
 * token's e-mail is one its provider verified, see TokenClaims in tokens.ts).
 */
export function roleOf(db: Db, who: { sub: string; email?: string | undefined }): Role {
  const rows = db
    .prepare(
      `SELECT role FROM role_grants
       WHERE (kind = 'sub' AND principal = ?) OR (kind = 'email' AND principal = ?)`,
    )
    .pluck()
    .all(who.sub, who.email ? who.email.trim().toLowerCase() : null) as Role[];
  return rows.reduce<Role>((best, r) => (STRENGTH[r] > STRENGTH[best] ? r : best), 'user');
}
