import { z } from 'zod';
import { ROLES } from '../roles.ts';

/** The answers about the server itself: its health, where to sign in, the caller's role, the names list. */

export const healthSchema = z.object({ status: z.literal('ok'), schema_version: z.number().int().min(0) });

/** What the app needs to start sign-in (the first screen checks it by hand: see isAuthConfig in ../auth-config.ts). */
export const authConfigSchema = z.object({
  authority: z.url(),
  client_id: z.string().min(1),
  audience: z.string().min(1),
  embedded: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const roleResponseSchema = z.object({ role: z.enum(ROLES) });
export type RoleResponse = z.infer<typeof roleResponseSchema>;

export const knownNamesSchema = z.object({ names: z.array(z.string()) });

/** GET /api/v1/openapi.json, as far as a client relies on it: an OpenAPI 3.1 document. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});
