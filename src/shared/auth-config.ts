/**
 * What the app needs to start sign-in. Served by the API at start so one build
 * works with the embedded provider and with an external one (Auth0, Keycloak).
 * Checked by hand, not with zod: this sits on the first screen's path. The
 * type comes from the API's answer schema (answers/server.ts), a type-only
 * import that loads nothing.
 */
import type { AuthConfig } from './answers/server.ts';

export type { AuthConfig };

export function isAuthConfig(value: unknown): value is AuthConfig {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.authority === 'string' &&
    /^https?:\/\//.test(v.authority) &&
    typeof v.client_id === 'string' &&
    v.client_id !== '' &&
    typeof v.audience === 'string' &&
    v.audience !== '' &&
    typeof v.embedded === 'boolean'
  );
}

/** Scopes of the sign-in request. */
export const SIGN_IN_SCOPES = 'openid profile email admin:read admin:write';
