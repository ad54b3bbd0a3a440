import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../shared/roles.ts';
import type { Db } from '../db/connection.ts';
import { grantRole } from './roles.ts';

/**
 * The first admin of a new deployment. While nobody holds the admin or developer role, a setup link can be made
 * (at start in production, and by `npm run setup`): whoever opens it and signs in becomes admin, by a role grant
 * for their token subject, as `npm run role -- grant admin <subject>` would make. A link works once, for 24
 * hours, and only while no admin exists; a new link replaces the ones before it, so the newest link printed is
 * the one that works and an old one found in a log later does nothing. Only the token's SHA-256 is stored.
 */

export const SETUP_LINK_HOURS = 24;
const LIFETIME_MS = SETUP_LINK_HOURS * 60 * 60 * 1000;

/** Why a token did not make an admin; each has its own message in routes/setup.ts. */
export type SetupRefusal = 'unknown' | 'used' | 'admin_exists' | 'replaced' | 'expired';

export interface AdminGrant {
  principal: string;
  kind: 'email' | 'sub';
  role: Extract<Role, 'admin' | 'dev'>;
  granted_at: string;
}

/** Who can run the admin screen: the admin and developer grants. */
export function listAdmins(db: Db): AdminGrant[] {
  return db
    .prepare(
      `SELECT principal, kind, role, granted_at FROM role_grants
       WHERE role IN ('admin', 'dev') ORDER BY granted_at, principal`,
    )
    .all() as AdminGrant[];
}

export function hasAdmin(db: Db): boolean {
  return db.prepare("SELECT 1 FROM role_grants WHERE role IN ('admin', 'dev') LIMIT 1").get() !== undefined;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The address the setup screen opens at (the app's hash route `#/setup`). */
export function setupUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/#/setup?token=${token}`;
}

/** The line the server logs at start and `npm run setup` prints. */
export function setupMessage(url: string): string {
  return `Open ${url} to set up this association.`;
}

/** A new token, good for 24 hours from `now`; every earlier token not yet used stops working. */
export function issueSetupToken(db: Db, now = Date.now()): { token: string; expiresAt: string } {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(now).toISOString();
  const expiresAt = new Date(now + LIFETIME_MS).toISOString();
  db.transaction(() => {
    db.prepare('UPDATE setup_tokens SET replaced_at = ? WHERE used_at IS NULL AND replaced_at IS NULL').run(at);
    db.prepare('INSERT INTO setup_tokens (token_hash, created_at, expires_at) VALUES (?, ?, ?)').run(
      hashOf(token),
      at,
      expiresAt,
    );
  }).immediate();
  return { token, expiresAt };
}

interface TokenRow {
  id: number;
  expires_at: string;
  replaced_at: string | null;
  used_at: string | null;
}

/**
 * Makes `sub` the first admin with this token, or says why not. One immediate transaction: two people (or the
 * server and `npm run setup`) using or replacing a token at once cannot both win. A used token says so before
 * anything else, so a second use reads 'already used' even though an admin now exists.
 */
export function claimSetupToken(
  db: Db,
  token: string,
  sub: string,
  now = Date.now(),
): { ok: true } | { ok: false; refusal: SetupRefusal } {
  return db
    .transaction((): { ok: true } | { ok: false; refusal: SetupRefusal } => {
      const row = db
        .prepare('SELECT id, expires_at, replaced_at, used_at FROM setup_tokens WHERE token_hash = ?')
        .get(hashOf(token)) as TokenRow | undefined;
      if (!row) return { ok: false, refusal: 'unknown' };
      if (row.used_at) return { ok: false, refusal: 'used' };
      if (hasAdmin(db)) return { ok: false, refusal: 'admin_exists' };
      if (row.replaced_at) return { ok: false, refusal: 'replaced' };
      if (now >= Date.parse(row.expires_at)) return { ok: false, refusal: 'expired' };
      db.prepare('UPDATE setup_tokens SET used_at = ?, used_by = ? WHERE id = ?').run(
        new Date(now).toISOString(),
        sub,
        row.id,
      );
      grantRole(db, sub, 'admin');
      return { ok: true };
    })
    .immediate();
}
