import { every } from 'hono/combine';
import type { Context, MiddlewareHandler } from 'hono';
import { canSeeAdmin, ROLES, type Role } from '../../shared/roles.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { roleOf } from './roles.ts';
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

/** Answers 401 unless the request carries a valid bearer access token. */
export function requireUser(db: Db, verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) {
      throw new HttpError(401, 'unauthenticated', 'Sign in to do this.');
    }
    let claims: TokenClaims;
    try {
      claims = await verify(token);
    } catch {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new HttpError(401, 'invalid_token', 'Your session has expired or is not valid. Sign in again.');
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
 * The admin guard, defined once: a signed-in user (else 401) whose role sees
 * the admin screen, admin or developer (else 403). Guards the whole /admin API
 * and the admin-only routes of other resources.
 */
export function requireAdmin(db: Db, verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return every(requireUser(db, verify), requireRole(...ROLES.filter(canSeeAdmin)));
}

/**
 * The developer guard: a signed-in user (else 401) with the dev role (else 403).
 * Admins are refused too: replacing or taking away the whole database is more
 * than reviewing submissions, so it stays with the people who run the server.
 */
export function requireDev(db: Db, verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return every(requireUser(db, verify), requireRole('dev'));
}
