import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/roles.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { roleOf } from './roles.ts';
import type { TokenClaims, TokenVerifier } from './tokens.ts';

export interface AuthVariables {
  user: TokenClaims & { role: Role };
}

/** Answers 401 unless the request carries a valid bearer access token. */
export function requireUser(db: Db, verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
    if (!match) {
      throw new HttpError(401, 'unauthenticated', 'Sign in to do this.');
    }
    let claims: TokenClaims;
    try {
      claims = await verify(match[1]!);
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
