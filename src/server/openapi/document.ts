import zlib from 'node:zlib';
import type { Context } from 'hono';
import { z } from 'zod';
import { ROLES } from '../../shared/roles.ts';
import { sendStored, strongEtag, type StoredBody } from '../http/etag.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import { allowedRoles, API_ROUTES, type ApiRoute } from './routes.ts';

/**
 * The published API contract, GET /api/v1/openapi.json: an OpenAPI 3.1
 * document made from the route list (routes.ts) and the zod schemas the
 * routes validate with, so organizers can feed results from their own tools.
 */

type Json = Record<string, unknown>;

/** The error shape of every failure (http/errors.ts), as the document and the tests state it. */
export const errorShapeSchema = z
  .object({
    error: z
      .object({
        code: z.string().min(1),
        message: z.string().min(1),
        fields: z.record(z.string(), z.array(z.string())).optional(),
        request_id: z.string().optional(),
      })
      .strict(),
  })
  .strict();

const STATUS_TEXT: Record<number, [name: string, description: string]> = {
  400: ['BadRequest', 'The input is not valid: `error.fields` names each field (dotted path) with its messages.'],
  401: ['Unauthorized', 'No bearer token, or one that is expired, tampered with or for another audience.'],
  403: ['Forbidden', "The caller's role may not do this."],
  404: ['NotFound', 'No such thing.'],
  409: ['Conflict', 'It changed since the caller saw it, is taken, or the same request is still being processed.'],
  413: ['PayloadTooLarge', 'The body is larger than the limit (1 MB; a database upload has its own).'],
  415: ['UnsupportedMediaType', 'The body is not of a type this route takes.'],
  422: [
    'UnprocessableEntity',
    'The input is well formed but cannot be applied (an Idempotency-Key reused for another body, a name that needs details).',
  ],
  429: ['TooManyRequests', 'Too many requests from this address: wait Retry-After seconds.'],
  503: [
    'ServiceUnavailable',
    'The database is busy or the disk is full: nothing was stored, send it again after Retry-After seconds.',
  ],
};

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before sending again.', schema: { type: 'integer' } },
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what cannot be said in JSON Schema is left open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** The errors a route can answer: those of its kind of input and access, and its own. */
export function errorStatuses(route: ApiRoute): number[] {
  const roles = allowedRoles(route);
  const s = new Set<number>(route.errors);
  if (route.params || route.query || route.json || route.multipart || route.idempotent) s.add(400);
  if (roles) s.add(401);
  if (roles && (roles.length < ROLES.length || route.accessNote)) s.add(403);
  if (route.json || route.multipart) s.add(413);
  if (route.json) s.add(415);
  if (route.idempotent) [409, 422].forEach((x) => s.add(x));
  if (route.rateLimited) s.add(429);
  if (route.path.startsWith('/api/')) s.add(503);
  return [...s].sort((a, b) => a - b);
}

function operationId(route: ApiRoute): string {
  const words = route.path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w && w !== 'api' && w !== 'v1');
  return [route.method, ...words].map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
}

function parameters(route: ApiRoute): Json[] {
  const list: Json[] = [];
  const from = (schema: z.ZodType, where: 'path' | 'query') => {
    const js = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || !!js.required?.includes(name), schema: prop });
    }
  };
  if (route.params) from(route.params, 'path');
  if (route.query) from(route.query, 'query');
  if (route.idempotent) {
    list.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: true,
      description: 'Made once per submission and sent with every retry of it: a repeat gets the first answer.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' },
    });
  }
  if (route.etag) {
    list.push({ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } });
  }
  return list;
}

function requestBody(route: ApiRoute): Json | undefined {
  if (route.json) {
    return {
      required: true,
      content: { 'application/json': { schema: jsonSchema(route.json.schema, 'input'), example: route.json.example } },
    };
  }
  if (route.multipart) {
    const fields = route.multipart.fields
      ? (jsonSchema(route.multipart.fields, 'input') as { properties?: Json; required?: string[] })
      : {};
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: {
                type: 'string',
                contentMediaType: 'application/octet-stream',
                description: route.multipart.fileNote,
              },
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

function responses(route: ApiRoute): Json {
  const out: Json = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    const type = answer.contentType ?? 'application/json';
    const body = answer.schema ? jsonSchema(answer.schema, 'output') : answer.contentType ? {} : { type: 'object' };
    out[status] = {
      description: answer.description,
      ...(status === '204' ? {} : { content: { [type]: { schema: body } } }),
      ...(route.etag
        ? { headers: { ETag: { description: 'A strong validator of the body.', schema: { type: 'string' } } } }
        : {}),
    };
  }
  if (route.etag) out['304'] = { description: 'Not modified: the If-None-Match tag is current.' };
  for (const status of errorStatuses(route)) {
    out[String(status)] = { $ref: `#/components/responses/${STATUS_TEXT[status]![0]}` };
  }
  out.default = { $ref: '#/components/responses/Unexpected' };
  return out;
}

function operation(route: ApiRoute): Json {
  const roles = allowedRoles(route);
  const who =
    route.access === 'public'
      ? 'Anyone.'
      : route.access === 'optional'
        ? 'Anyone; a valid bearer token is used when sent, an invalid one is ignored.'
        : `Signed in as ${roles!.join(' or ')}.${route.accessNote ? ` ${route.accessNote}` : ''}`;
  const body = requestBody(route);
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: `Who may call it: ${who}`,
    tags: [route.tag],
    ...(roles
      ? { security: [{ bearer: [] }], 'x-roles': roles }
      : route.access === 'optional'
        ? { security: [{}, { bearer: [] }] }
        : { security: [] }),
    parameters: parameters(route),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route),
  };
}

export interface OpenApiOptions {
  /** The identity provider's issuer (the auth config's authority). */
  authority: string;
  /** The address people open, as the document's server. */
  publicUrl?: string | undefined;
}

export function buildOpenApiDocument(opts: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  for (const route of API_ROUTES) (paths[route.path] ??= {})[route.method] = operation(route);
  const errorResponse = (description: string, status?: number): Json => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arm-wrestling rankings API',
      version: '1',
      description:
        'The rankings, events, supermatches and clubs, and the forms that feed them. Every failure answers ' +
        'the same JSON error shape (components.schemas.Error); an unexpected one carries error.request_id, ' +
        'which the server logs. Bodies are JSON of at most 1 MB. Signed-in calls send an OAuth 2 access ' +
        `token (a JWT from ${opts.authority}) as a bearer token.`,
    },
    ...(opts.publicUrl ? { servers: [{ url: opts.publicUrl }] } : {}),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `An access token issued by ${opts.authority} for the API's audience (see /api/v1/auth-config).`,
        },
      },
      schemas: { Error: jsonSchema(errorShapeSchema, 'output') },
      responses: {
        ...Object.fromEntries(
          Object.entries(STATUS_TEXT).map(([status, [name, text]]) => [name, errorResponse(text, Number(status))]),
        ),
        Unexpected: errorResponse('Something went wrong on the server (500, logged with error.request_id).'),
      },
    },
  };
}

/** GET /api/v1/openapi.json: built on first request, then kept with its ETag and gzip; public and cacheable. */
export function openApiHandler(opts: OpenApiOptions) {
  let stored: StoredBody | undefined;
  return (c: Context) => {
    if (!stored) {
      const body = new TextEncoder().encode(JSON.stringify(buildOpenApiDocument(opts)));
      stored = {
        body,
        gzip: new Uint8Array(zlib.gzipSync(body)),
        type: 'application/json; charset=utf-8',
        etag: strongEtag(body),
        cacheControl: 'public, max-age=300',
      };
    }
    return sendStored(c, stored);
  };
}
