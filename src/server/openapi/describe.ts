import type { Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { ROLES, type Role } from '../../shared/roles.ts';
import type { Tag } from './tags.ts';

/**
 * A route's OpenAPI description, written beside its handler:
 *
 *     app.get('/', describeRoute({ operationId: 'listEvents', ... }), async (c) => { ... });
 *
 * `describeRoute` is a middleware that does nothing but carry the description,
 * so the app's own route table (Hono's `app.routes`, with the paths as
 * mounted) is the list the document, the access matrix and the fuzz suite
 * are built from: a route cannot be mounted at one path and documented at
 * another, and openapi.test.ts fails on a mounted route without one.
 * Validation stays the handler's (http/validate.ts), with the very schemas
 * named here. How to add a route: docs/api.md.
 */

/**
 * Who may call a route: `public` (no token looked at), `optional` (a valid
 * token is used when present, an invalid one is ignored, never a 401), or the
 * roles that may call it (no or a bad token: 401; another role: 403), or
 * `table`: a table device's key only (`Authorization: Table {key}`, auth/table-keys.ts;
 * no role may call it: anything else is 401). The guard itself is the route's
 * middleware (auth/middleware.ts); the access matrix test holds the two to each other.
 */
export type Access = 'public' | 'optional' | 'table' | readonly Role[];

export const ADMIN: readonly Role[] = ['admin', 'dev'];
export const DEV: readonly Role[] = ['dev'];
export const SIGNED_IN: readonly Role[] = ROLES;

/** A success answer. */
export interface Answer {
  description: string;
  /** A JSON body: the schema the server builds it from (output side). */
  json?: z.ZodType;
  /** Other bodies, by media type: `text` (a CSV, an event stream) or `binary` (a file, a picture). */
  content?: Record<string, 'text' | 'binary'>;
  /** Headers this answer always carries, with what each says (ETag is added for `etag` routes). */
  headers?: Record<string, string>;
}

/** The error statuses a route can answer besides 500 (405 is the path's, not an operation's). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** When a route answers an error status: in words, or with a body other than the error shape (a 409 with the item). */
export type ErrorAnswer = string | { description: string; json: z.ZodType };

export interface RouteSpec {
  /** Unique and stable: clients name their functions after it (openapi.test.ts keeps the list). */
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  /** When access depends on more than the role (a club's own leader). */
  accessNote?: string;
  /** Besides the roles, a table device's key is taken (`Authorization: Table {key}`): the result routes. */
  tableKey?: boolean;
  /** The schemas the handler reads its input with (readParams, readQuery, readJson). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A query that passes `query`: the access matrix's and the fuzz suite's starting point. */
  queryExample?: Record<string, string>;
  /** A JSON body, with one body that passes it (the document's example). */
  json?: { schema: z.ZodType; example: Record<string, unknown> };
  /** A multipart/form-data body: a file in the field `file` (described in words), and these other fields. */
  multipart?: { file: string; fields?: z.ZodObject };
  /** The success answers by status. */
  responses: Partial<Record<200 | 201 | 204, Answer>>;
  /**
   * The errors this route gives itself (a 404 for a missing thing, a 409 for a conflict). Those that come with its
   * kind of input, access, body, key and limit are added by the document (document.ts, errorsOf); naming one of
   * them here adds this route's reason to it.
   */
  errors?: Partial<Record<ErrorStatus, ErrorAnswer>>;
  /** Answers with a strong ETag, and 304 to If-None-Match. */
  etag?: boolean;
  /** Needs an Idempotency-Key header; a repeat gets the first answer. */
  idempotent?: boolean;
  /** Limited per client IP (429 with Retry-After). */
  rateLimited?: boolean;
  /** Touches no database, so it never answers 503 (the sign-in settings, this document). */
  noDatabase?: boolean;
}

const specs = new WeakMap<object, RouteSpec>();

/** The middleware that carries a route's description; it lets every request through untouched. */
export function describeRoute(spec: RouteSpec): MiddlewareHandler {
  const carrier: MiddlewareHandler = (_c, next) => next();
  specs.set(carrier, spec);
  return carrier;
}

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface DescribedRoute {
  method: Method;
  /** OpenAPI form: /api/v1/events/{id}. */
  path: string;
  spec: RouteSpec;
}

/** `/api/v1/events/{id}` for Hono's `/api/v1/events/:id` (a `{regex}` after a name is dropped). */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

/** Every described route of a built app, at the path it is mounted at. */
export function describedRoutes(app: Pick<Hono, 'routes'>): DescribedRoute[] {
  const out: DescribedRoute[] = [];
  for (const r of app.routes) {
    const spec = specs.get(r.handler);
    if (spec) out.push({ method: r.method.toLowerCase() as Method, path: openApiPath(r.path), spec });
  }
  return out;
}

/** The roles a route allows (none for a table device's route), or undefined for a route anyone may call. */
export function allowedRoles(spec: RouteSpec): readonly Role[] | undefined {
  if (spec.access === 'table') return [];
  return typeof spec.access === 'string' ? undefined : spec.access;
}
