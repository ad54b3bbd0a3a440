import { z } from 'zod';

/**
 * What the app needs to start sign-in. Served by the API at start so one build
 * works with the embedded provider and with an external one (Auth0, Keycloak).
 */
export const authConfigSchema = z.object({
  authority: z.url(),
  client_id: z.string().min(1),
  audience: z.string().min(1),
  embedded: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** Spec part 1 §6: scopes of the sign-in request. */
export const SIGN_IN_SCOPES = 'openid profile email admin:read admin:write';
