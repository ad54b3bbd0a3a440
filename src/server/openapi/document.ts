import type { Context } from 'hono';
import { z } from 'zod';
import { errorSchema } from '../../shared/answers/errors.ts';
import { ROLES } from '../../shared/roles.ts';
import { compressedForms } from '../http/encoding.ts';
import { sendStored, strongEtag, type StoredBody } from '../http/etag.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import {
  ADMIN,
  allowedRoles,
  type DescribedRoute,
  type ErrorAnswer,
  type ErrorStatus,
  type RouteSpec,
} from './describe.ts';
import { TAGS } from './tags.ts';

/**
 * The published API contract, GET /api/v1/openapi.json: an OpenAPI 3.1
 * document made from the descriptions beside the route handlers
 * (describe.ts) and the zod schemas the routes read their input with and
 * build their answers from. Schemas with an id (`.meta({ id })`) become named
 * components. docs/api.md says how it is tested, linted and fuzzed.
 */

type Json = Record<string, unknown>;

/** What every error status means, before a route adds its own reason. */
const STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'The input is not valid: `error.fields` names each field (dotted path) with its messages.',
  401: 'No bearer token, or one that is expired, tampered with or for another audience.',
  403: "The caller's role may not do this.",
  404: 'No such thing.',
  409: 'It conflicts with the current state.',
  413: 'The body is over the size limit (1 MB unless the route says otherwise).',
  415: 'The body is not of a type this route takes (JSON is sent as application/json).',
  422: 'The input is well formed but cannot be applied.',
  429: 'Too many requests from this address: wait Retry-After seconds.',
  503: 'The database is busy or the disk is full: nothing was stored, send it again after Retry-After seconds.',
};

const header = (description: string, required = true, schema: Json = { type: 'string' }) => ({
  description,
  required,
  schema,
});
const RETRY_AFTER = header('Seconds to wait before sending again.', true, { type: 'integer', minimum: 0 });

/** The errors a route can answer: those of its kind of input, access, body, key and limit, and its own. */
export function errorsOf(spec: RouteSpec): Map<ErrorStatus, ErrorAnswer[]> {
  const out = new Map<ErrorStatus, ErrorAnswer[]>();
  const add = (status: ErrorStatus, why: ErrorAnswer) => out.set(status, [...(out.get(status) ?? []), why]);
  const roles = allowedRoles(spec);
  const body = spec.json || spec.multipart;
  if (spec.params || spec.query || body) add(400, STATUS_TEXT[400]);
  if (spec.idempotent) add(400, 'The Idempotency-Key header is missing or malformed.');
  if (roles) add(401, STATUS_TEXT[401]);
  if (roles && spec.access !== 'table' && (roles.length < ROLES.length || spec.accessNote)) add(403, STATUS_TEXT[403]);
  if (body) add(413, STATUS_TEXT[413]);
  if (spec.json) add(415, STATUS_TEXT[415]);
  if (spec.idempotent) {
    add(409, 'The first request with this Idempotency-Key is still being processed: send it again after Retry-After.');
    add(422, 'This Idempotency-Key was already used for a different body: make a new key for a new submission.');
  }
  if (spec.rateLimited) add(429, STATUS_TEXT[429]);
  if (!spec.noDatabase) add(503, STATUS_TEXT[503]);
  for (const [status, why] of Object.entries(spec.errors ?? {})) add(Number(status) as ErrorStatus, why);
  return out;
}

/** Zod schemas as JSON Schema 2020-12 (OpenAPI 3.1's dialect), their named parts gathered as components. */
function schemaWriter() {
  const components: Record<string, Json> = {};
  const toComponents = (json: Json): Json =>
    JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
  const write = (schema: z.ZodType, io: 'input' | 'output'): Json => {
    const {
      $schema: _,
      $defs,
      ...out
    } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json & {
      $defs?: Record<string, Json>;
    };
    for (const [id, def] of Object.entries($defs ?? {})) {
      const named = toComponents(def);
      if (components[id] && JSON.stringify(components[id]) !== JSON.stringify(named)) {
        throw new Error(`Two different schemas are named ${id} (one as input, one as output?).`);
      }
      components[id] = named;
    }
    return toComponents(out);
  };
  return { write, components };
}
type Write = ReturnType<typeof schemaWriter>['write'];

function parameters(spec: RouteSpec, write: Write): Json[] {
  const list: Json[] = [];
  const from = (schema: z.ZodObject, where: 'path' | 'query') => {
    const js = write(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      const { description, ...rest } = prop as Json & { description?: string };
      list.push({
        name,
        in: where,
        required: where === 'path' || !!js.required?.includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  if (spec.params) from(spec.params, 'path');
  if (spec.query) from(spec.query, 'query');
  if (spec.idempotent) {
    list.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: true,
      description: 'Made once per submission and sent with every retry of it: a repeat gets the first answer.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' },
    });
  }
  if (spec.etag) {
    list.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of the copy the client has: 304 when it is still current.',
      schema: { type: 'string' },
    });
  }
  return list;
}

function requestBody(spec: RouteSpec, write: Write): Json | undefined {
  if (spec.json) {
    return {
      required: true,
      content: { 'application/json': { schema: write(spec.json.schema, 'input'), example: spec.json.example } },
    };
  }
  if (spec.multipart) {
    const fields = spec.multipart.fields
      ? (write(spec.multipart.fields, 'input') as { properties?: Json; required?: string[] })
      : {};
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', contentMediaType: 'application/octet-stream', description: spec.multipart.file },
              ...fields.properties,
            },
            required: ['file', ...(fields.required ?? [])],
          },
        },
      },
    };
  }
  return undefined;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const INSUFFICIENT_SCOPE = (scope: string) =>
  `A token without the ${scope} scope is refused with error.code insufficient_scope and a WWW-Authenticate challenge naming it.`;

function errorResponse(status: ErrorStatus, reasons: ErrorAnswer[], write: Write, scope?: string): Json {
  const words = reasons.map((r) => (typeof r === 'string' ? r : r.description));
  const bodies = reasons.flatMap((r) => (typeof r === 'string' ? [] : [write(r.json, 'output')]));
  // A route's own body (a 409 with the item) replaces the error shape only when every reason has one.
  const schemas = bodies.length === reasons.length ? bodies : [ERROR_REF, ...bodies];
  const headers =
    status === 429 || status === 503
      ? { 'Retry-After': RETRY_AFTER }
      : status === 401
        ? { 'WWW-Authenticate': header('The bearer challenge, with error="invalid_token" for a bad token.') }
        : status === 403 && scope
          ? {
              'WWW-Authenticate': header(
                `Bearer error="insufficient_scope", scope="${scope}" when the scope is missing.`,
                false,
              ),
            }
          : undefined;
  return {
    description: [...new Set(words)].join(' '),
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } },
  };
}

function responses(spec: RouteSpec, scope: string | undefined, write: Write): Json {
  const out: Json = {};
  const etag = { ETag: header('A strong validator of the body (weak once the body is compressed).') };
  for (const [status, answer] of Object.entries(spec.responses)) {
    const content: Json = {};
    if (answer.json) content['application/json'] = { schema: write(answer.json, 'output') };
    for (const [type, kind] of Object.entries(answer.content ?? {})) {
      content[type] = {
        schema: kind === 'text' ? { type: 'string' } : { type: 'string', contentMediaType: type },
      };
    }
    const headers: Json = {
      ...(spec.etag && status === '200' ? etag : {}),
      ...Object.fromEntries(Object.entries(answer.headers ?? {}).map(([name, text]) => [name, header(text)])),
      ...(spec.idempotent
        ? { 'Idempotent-Replayed': header('true when this is the stored answer to an earlier request.', false) }
        : {}),
    };
    out[status] = {
      description: answer.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(Object.keys(content).length ? { content } : {}),
    };
  }
  if (spec.etag) out['304'] = { description: 'Not modified: the If-None-Match tag is current.', headers: etag };
  for (const [status, reasons] of [...errorsOf(spec)].sort(([a], [b]) => a - b)) {
    const forScope = status === 403 && scope ? [...reasons, INSUFFICIENT_SCOPE(scope)] : reasons;
    out[String(status)] = errorResponse(status, forScope, write, scope);
  }
  out.default = { $ref: '#/components/responses/Unexpected' };
  return out;
}

/**
 * The scope an admin or developer route needs besides the role (auth/middleware.ts, adminScopeFor): admin:read to
 * look, admin:write to change. Named in x-scopes, the description and the 403: a bearer requirement's scope list
 * is for OAuth flows the document would have to spell out per provider (Spectral's oas3-operation-security-defined).
 */
function adminScope(spec: RouteSpec, method: string): string | undefined {
  const roles = allowedRoles(spec);
  if (spec.access === 'table' || !roles?.every((role) => ADMIN.includes(role))) return undefined;
  return method === 'get' || method === 'head' ? 'admin:read' : 'admin:write';
}

function operation(spec: RouteSpec, method: string, write: Write): Json {
  const roles = allowedRoles(spec);
  const scope = adminScope(spec, method);
  const who =
    spec.access === 'public'
      ? 'Anyone.'
      : spec.access === 'optional'
        ? 'Anyone; a valid bearer token is used when sent, an invalid one is ignored.'
        : spec.access === 'table'
          ? "A table device, with its table link's key (`Authorization: Table {key}`)."
          : `Signed in as ${roles!.join(' or ')}${scope ? `, with the ${scope} scope` : ''}.${spec.accessNote ? ` ${spec.accessNote}` : ''}`;
  const body = requestBody(spec, write);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: `${spec.description ? `${spec.description}\n\n` : ''}Who may call it: ${who}`,
    tags: [spec.tag],
    ...(spec.access === 'table'
      ? { security: [{ table: [] }] }
      : roles
        ? {
            security: spec.tableKey ? [{ bearer: [] }, { table: [] }] : [{ bearer: [] }],
            'x-roles': roles,
            ...(scope ? { 'x-scopes': [scope] } : {}),
          }
        : spec.access === 'optional'
          ? { security: [{}, { bearer: [] }] }
          : { security: [] }),
    parameters: parameters(spec, write),
    ...(body ? { requestBody: body } : {}),
    responses: responses(spec, scope, write),
  };
}

export interface OpenApiOptions {
  /** The identity provider's issuer (the auth config's authority). */
  authority: string;
  /** The address people open, as the document's server; absent: the server the document was read from. */
  publicUrl?: string | undefined;
}

export function buildOpenApiDocument(routes: readonly DescribedRoute[], opts: OpenApiOptions): Json {
  const { write, components } = schemaWriter();
  const paths: Record<string, Record<string, Json>> = {};
  for (const { method, path, spec } of routes) (paths[path] ??= {})[method] = operation(spec, method, write);
  // The error shape is a named schema: writing it once puts it among the components even if no route names it.
  write(errorSchema, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arm-wrestling rankings API',
      version: '1',
      description:
        'The rankings, events, supermatches and clubs, and the forms that feed them. Every failure answers ' +
        'the same JSON error shape (components.schemas.Error); an unexpected one carries error.request_id, ' +
        'which the server logs. Bodies are JSON of at most 1 MB. Signed-in calls send an OAuth 2 access ' +
        `token (a JWT from ${opts.authority}) as a bearer token; the admin and developer routes also need its ` +
        'admin:read (to look) or admin:write (to change) scope. A path called with a method it does not answer ' +
        'gets 405 with Allow, and OPTIONS on any path answers 204 with Allow. A 304 carries no body and no ' +
        'Content-Type; each encoding of a body (gzip or none) has its own ETag.',
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      opts.publicUrl
        ? { url: opts.publicUrl, description: 'This server.' }
        : { url: '/', description: 'The server this document was read from.' },
    ],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `An access token issued by ${opts.authority} for the API's audience (see /api/v1/auth-config).`,
        },
        table: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            "A table device's key: `Table {key}`, the secret of its table link (the link's `#/table?key=`). Good " +
            'until the link is revoked or expires; an unknown, revoked or expired key is 401 with ' +
            '`WWW-Authenticate: Table`.',
        },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      responses: {
        Unexpected: {
          description: 'Something went wrong on the server (500, logged with error.request_id).',
          content: { 'application/json': { schema: ERROR_REF } },
        },
      },
    },
  };
}

/** GET /api/v1/openapi.json: built on first request, then kept with its ETag and compressed forms; public and cacheable. */
export function openApiHandler(routes: () => readonly DescribedRoute[], opts: OpenApiOptions) {
  let stored: StoredBody | undefined;
  return (c: Context) => {
    if (!stored) {
      const body = new TextEncoder().encode(JSON.stringify(buildOpenApiDocument(routes(), opts)));
      stored = {
        body,
        ...compressedForms(body),
        type: 'application/json; charset=utf-8',
        etag: strongEtag(body),
        cacheControl: 'public, max-age=300',
      };
    }
    return sendStored(c, stored);
  };
}
