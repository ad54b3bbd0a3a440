import { every } from 'hono/combine';
import type { Context, MiddlewareHandler } from 'hono';
import { canSeeAdmin, ROLES, type Role } from '../../shared/roles.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { roleOf } from './roles.ts';
import { requireTableKey, sentTableKey, type TableVariables } from './table-keys.ts';
import type { TokenClaims, TokenVerifier } from './tokens.ts';

export interface AuthVariables {
  user: TokenClaims & { role: Role };
}

/** The bearer token of the Authorization header, if it carries one. */
function bearerToken(c: Context): string | undefined {
  return /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec((c.req.header('authorization') ?? '').trim())?.[1];
}

/** For routes open to everyone: the caller's claims when a valid token comes along, else undefined (no 401). */
export async function optionalUser(c: Context, verify: TokenVerifier): Promise<TokenClaims | undefined> {
  const token = bearerToken(c);
  if (!token) return undefined;
  try {
    return await verify(token);
  } catch {
    return undefined;
  }
}

/**
 * Answers 401 unless the request carries a valid bearer access token. Every
 * 401 says how to authenticate (`WWW-Authenticate: Bearer`, RFC 6750), with
 * `error="invalid_token"` when a token came along and was refused.
 */
export function requireUser(db: Db, verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) {
      throw new HttpError(401, 'unauthenticated', 'Sign in to do this.', undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    let claims: TokenClaims;
    try {
      claims = await verify(token);
    } catch {
      throw new HttpError(401, 'invalid_token', 'Your session has expired or is not valid. Sign in again.', undefined, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    c.set('user', { ...claims, role: roleOf(db, claims) });
    await next();
  };
}

/** After requireUser: answers 403 unless the user holds one of the roles. */
export function requireRole(...roles: Role[]): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    if (!roles.includes(c.get('user').role)) {
      throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
    }
    await next();
  };
}

/**
 * The API scope an admin's token needs for a request: `admin:read` to look
 * (GET, HEAD), `admin:write` to change anything. The app asks for both at
 * sign-in; a provider grants them (or not) on its side, so an admin role in
 * our table and the provider's consent are both needed.
 */
export function adminScopeFor(method: string): 'admin:read' | 'admin:write' {
  return method === 'GET' || method === 'HEAD' ? 'admin:read' : 'admin:write';
}

function hasScope(claims: Pick<TokenClaims, 'scope'>, scope: string): boolean {
  return (claims.scope ?? '').split(' ').includes(scope);
}

/** Whether this holder may act as an admin for a request with this method: an admin role and the scope for it. */
export function actsAsAdmin(user: Pick<TokenClaims, 'scope'> & { role: Role }, method: string): boolean {
  return canSeeAdmin(user.role) && hasScope(user, adminScopeFor(method));
}

/** After requireRole: answers 403 insufficient_scope (RFC 6750) unless the token carries the method's admin scope. */
function requireAdminScope(): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const scope = adminScopeFor(c.req.method);
    if (!hasScope(c.get('user'), scope)) {
      throw new HttpError(
        403,
        'insufficient_scope',
        `Your sign-in does not include ${scope}. Sign out and sign in again to be given it.`,
        undefined,
        { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
      );
    }
    await next();
  };
}

/**
 * The admin guard, defined once: a signed-in user (else 401) whose role sees
 * the admin screen, admin or developer (else 403), with the admin scope the
 * method needs (else 403 insufficient_scope). Guards the whole /admin API and
 * the admin-only routes of other resources.
 */
export function requireAdmin(db: Db, verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return every(requireUser(db, verify), requireRole(...ROLES.filter(canSeeAdmin)), requireAdminScope());
}

/**
 * The developer guard: a signed-in user (else 401) with the dev role (else
 * 403) and the admin scope the method needs (else 403 insufficient_scope).
 * Admins are refused too: replacing or taking away the whole database is more
 * than reviewing submissions, so it stays with the people who run the server.
 */
export function requireDev(db: Db, verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return every(requireUser(db, verify), requireRole('dev'), requireAdminScope());
}

/**
 * The result routes' guard: the admin guard, or a table device's key (`Authorization: Table {secret}`,
 * auth/table-keys.ts) when the request names that scheme. Which categories the key may touch is the work's own
 * check (tournaments/results.ts): its table's, at the time of the request.
 */
export function requireAdminOrTableKey(
  db: Db,
  verify: TokenVerifier,
): MiddlewareHandler<{ Variables: AuthVariables & TableVariables }> {
  const admin = requireAdmin(db, verify) as MiddlewareHandler;
  const table = requireTableKey(db) as MiddlewareHandler;
  return (c, next) => (sentTableKey(c) ? table(c, next) : admin(c, next));
}
