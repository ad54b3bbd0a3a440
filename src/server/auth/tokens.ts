import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface TokenClaims {
  sub: string;
  /**
   * The holder's e-mail, only when the provider says it checked that the
   * address is theirs (`email_verified: true` in the token). Anyone can
   * register someone else's address unverified at a provider that lets people
   * sign up, and its tokens carry it all the same: an address the provider did
   * not verify is never taken as who someone is (a role granted by e-mail, the
   * submitter of a form, the author of an edit). The subject always is.
   */
  email?: string | undefined;
  name?: string | undefined;
  /** The granted scopes, space-separated (RFC 9068 `scope`). */
  scope?: string | undefined;
}

export type TokenVerifier = (token: string) => Promise<TokenClaims>;

export class InvalidTokenError extends Error {}

/** Asymmetric algorithms only: a token signed with a shared secret or `none` never passes. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export function createTokenVerifier(opts: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  /** RFC 9068 access tokens carry `typ: at+jwt`; the embedded provider always does. */
  requireAtJwt: boolean;
}): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, opts.keys, {
        issuer: opts.issuer,
        audience: opts.audience,
        algorithms: ALLOWED_ALGORITHMS,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 5,
        ...(opts.requireAtJwt ? { typ: 'at+jwt' } : {}),
      });
      const email = typeof payload.email === 'string' && payload.email_verified === true ? payload.email : undefined;
      const name = typeof payload.name === 'string' ? payload.name : undefined;
      const scope = typeof payload.scope === 'string' ? payload.scope : undefined;
      return { sub: payload.sub!, email, name, scope };
    } catch (err) {
      throw new InvalidTokenError((err as Error).message);
    }
  };
}

/**
 * Keys of an external issuer, found through its discovery document (Auth0 and
 * Keycloak publish their JWKS at different paths). Looked up on first use so
 * the server starts even while the provider is briefly unreachable.
 */
export function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`discovery at ${url} answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: string };
    if (!doc.jwks_uri) throw new Error(`discovery at ${url} has no jwks_uri`);
    return createRemoteJWKSet(new URL(doc.jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return (await keys)(header, token);
  };
}
