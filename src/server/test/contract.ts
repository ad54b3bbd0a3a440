import { brotliDecompressSync } from 'node:zlib';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Hono } from 'hono';

/**
 * The API document held to the server's real answers. The test harness passes
 * every answer a server test receives through `check`: an answer whose status
 * the document does not list for its operation, whose content type it does
 * not list for that status, whose JSON body does not validate against the
 * schema it states, or that lacks a header it states as required, fails the
 * test that received it, naming the operation, the status and the
 * validator's message. So a new field or a changed shape fails a test until
 * the document says so.
 *
 * The bodies are validated by Ajv in JSON Schema 2020-12 (OpenAPI 3.1's
 * dialect, with the standard formats), against the document itself: a
 * schema's $refs to components are compiled once, not copied into every
 * answer. That the document is valid OpenAPI 3.1 is openapi.test.ts's check
 * (@seriousme/openapi-schema-validator) and the linters' (npm run lint:api).
 *
 * Answers outside the document: a path under /api that no operation has (an
 * unknown route, a method a path does not take) must still be the error
 * shape; everything else (the app's files, the identity provider) is not the
 * API's and is not checked.
 */

type Json = Record<string, unknown>;
interface ResponseObject {
  content?: Record<string, { schema?: Json }>;
  headers?: Record<string, { required?: boolean; schema?: { type?: string } }>;
}
export interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface DocumentObject {
  paths: Record<string, Record<string, OperationObject>>;
}

export interface Contract {
  /** The problems with one answer, or an empty list. The body is read from a clone. */
  check(method: string, url: string, res: Response): Promise<string[]>;
  /** The operation a request goes to, if the document has one. */
  operationOf(method: string, url: string): OperationObject | undefined;
  /** The document as the app serves it. */
  document: Json;
}

const loaded = new Map<string, Promise<Contract>>();

/** The contract of the document `app` serves (read once per document: every harness app serves the same one). */
export async function contractOf(app: Pick<Hono, 'request'>): Promise<Contract> {
  const res = await app.request('/api/v1/openapi.json');
  if (res.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.status}.`);
  const etag = res.headers.get('etag') ?? '';
  let contract = loaded.get(etag);
  if (!contract) {
    contract = Promise.resolve(load((await res.json()) as Json));
    loaded.set(etag, contract);
  } else await res.arrayBuffer();
  return contract;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** A path template as a matcher; more literal segments match first, as OpenAPI says concrete paths do. */
function matcher(template: string) {
  const segments = template.split('/');
  const regex = new RegExp(
    `^${segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
  );
  return { regex, literal: segments.filter((s) => !s.startsWith('{')).length };
}

function load(document: Json): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string) => {
    let v = compiled.get(ref);
    if (!v) compiled.set(ref, (v = ajv.compile({ $ref: `openapi.json#/${ref}` })));
    return v;
  };
  const errorShape = () => validator('components/schemas/Error');
  const lookup = (at: string): unknown =>
    at
      .split('/')
      .reduce<unknown>(
        (node, part) => (node as Json | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')],
        document,
      );

  const { paths } = document as unknown as DocumentObject;
  const routes = Object.entries(paths)
    .flatMap(([template, ops]) =>
      Object.entries(ops).map(([method, operation]) => ({ method, template, operation, ...matcher(template) })),
    )
    .sort((a, b) => b.literal - a.literal);

  const find = (method: string, url: string) => {
    const { pathname } = new URL(url, 'http://test');
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    return routes.find((r) => r.method === m && r.regex.test(pathname));
  };

  async function check(method: string, url: string, res: Response): Promise<string[]> {
    const { pathname } = new URL(url, 'http://test');
    const route = find(method, url);
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    // An event stream does not end while its source lives: its body is the test's to read, not this check's.
    const unread = method.toUpperCase() === 'HEAD' || type === 'text/event-stream';
    const text = unread ? '' : await bodyText(res);
    const problems: string[] = [];

    if (!route) {
      if (!pathname.startsWith('/api/') || res.status < 400) return [];
      if (type !== 'application/json') return [`an error answer of type "${type}", not the JSON error shape`];
      const valid = errorShape();
      if (!valid(parse(text, problems))) problems.push(`not the error shape: ${ajvText(valid.errors)}`);
      return problems;
    }

    const { responses } = route.operation;
    const status = responses[String(res.status)] ? String(res.status) : res.status === 500 ? 'default' : undefined;
    if (!status) return [`status ${res.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    // The answer's place in the document, following a $ref to a shared response (components/responses).
    let at = pointer('paths', route.template, route.method, 'responses', status);
    const ref = (responses[status] as { $ref?: string }).$ref;
    if (ref) at = ref.slice(2);
    const declared = lookup(at) as ResponseObject;

    const content = declared.content ?? {};
    if (!Object.keys(content).length) {
      if (text !== '') problems.push(`a body where the document states none: ${text.slice(0, 80)}`);
    } else if (!content[type]) {
      problems.push(`content type "${type}" is not documented (documented: ${Object.keys(content).join(', ')})`);
    } else if (type === 'application/json') {
      const body = parse(text, problems);
      const valid = validator(`${at}/${pointer('content', type, 'schema')}`);
      if (!valid(body)) problems.push(ajvText(valid.errors));
    }

    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is missing`);
      } else if (header.schema?.type === 'integer' && !/^\d+$/.test(value)) {
        problems.push(`header ${name} is not an integer: ${value}`);
      }
    }
    return problems;
  }

  return { check, operationOf: (method, url) => find(method, url)?.operation, document };
}

/** The body as the client reads it: a compressed one (gzip, deflate or a kept body's brotli) is decoded first. */
async function bodyText(res: Response): Promise<string> {
  const copy = res.clone();
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(Buffer.from(await copy.arrayBuffer())).toString('utf8');
  if (!copy.body || (encoding !== 'gzip' && encoding !== 'deflate')) return copy.text();
  return new Response(copy.body.pipeThrough(new DecompressionStream(encoding))).text();
}

function parse(text: string, problems: string[]): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    problems.push(`a body that is not JSON: ${text.slice(0, 80)}`);
    return undefined;
  }
}

const ajvText = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('; ');
