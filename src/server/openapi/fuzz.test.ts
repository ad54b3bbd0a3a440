import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ROLES } from '../../shared/roles.ts';
import { grantRole } from '../auth/roles.ts';
import { mulberry32 } from '../../shared/prng.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import { createHarness } from '../test/harness.ts';
import { errorShapeSchema } from './document.ts';
import { allowedRoles, API_ROUTES, type ApiRoute } from './routes.ts';

/**
 * Malformed input on every route that takes a body, a query or a path value
 * (from the route list), sent by a caller who may use the route. Whatever
 * comes in, the answer is never a 5xx nor a stack trace; an error answer is
 * JSON in the API's error shape; input that must be refused gets a 4xx and
 * leaves every table as it was.
 *
 * What "must be refused": the structure is wrong (not JSON, not the content
 * type, over 1 MB, the wrong kind of value at the top), the route's own schema
 * refuses it, or a text field holds a control character or a lone surrogate,
 * or a number field Infinity (1e309), which no field may store whatever its
 * schema says. Random values come from a seeded generator: the seed is
 * printed, and FUZZ_SEED=<seed> replays a run.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : crypto.randomInt(2 ** 31);
console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run src/server/openapi/fuzz.test.ts)`);

/** The demo data's seeded generator, with the picks this suite needs. */
function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
type Rng = ReturnType<typeof prng>;

const MB = 1024 * 1024;
const deepArray = (n: number): string => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
/** Stand-ins the body writer swaps for raw JSON text JSON.stringify cannot write. */
const DEEP = '\u0000raw-deep\u0000';
const INFINITY = '\u0000raw-1e309\u0000';

function jsonText(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll(JSON.stringify(INFINITY), '1e309')
    .replaceAll(JSON.stringify(DEEP), deepArray(10_000));
}

/** Text that no field may store: control characters and an unpaired surrogate. */
const POISON = ['a\u0000b', '\u0007', 'x\ud800y', '\udfff', 'tab\u001b[31m'];
/** Values of the wrong kind for most fields; the route's schema judges each. */
const ODD = [
  12345,
  -0,
  1.5,
  true,
  false,
  null,
  {},
  [],
  [1, 'a'],
  '',
  '   ',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'x',
  '2024-02-30',
  'javascript:alert(1)',
  { a: { b: [] } },
];

/** A random value: strings of random code points (controls and surrogates included), numbers, nests. */
function junk(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 3 ? 4 : 6)) {
    case 0:
      return Array.from({ length: rng.int(40) }, () =>
        String.fromCharCode(rng.pick([rng.int(32), rng.int(0x10000), 0xd800 + rng.int(0x800), 0x41 + rng.int(26)])),
      ).join('');
    case 1:
      return rng.pick([0, -1, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE, rng.next() * 1e6 - 5e5]);
    case 2:
      return rng.pick([true, false, null]);
    case 3:
      return rng.pick(['', 'a'.repeat(rng.int(5000)), String(rng.int(100)), '2024-13-01']);
    case 4:
      return Array.from({ length: rng.int(4) }, () => junk(rng, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: rng.int(4) }, (_, i) => [`k${i}`, junk(rng, depth + 1)]));
  }
}

const hasPoison = (v: unknown): boolean =>
  typeof v === 'string'
    ? // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(
        v,
      )
    : false;

interface Case {
  label: string;
  path: string;
  method: string;
  headers?: Record<string, string>;
  body?: string | FormData | Uint8Array<ArrayBuffer>;
  /** Must be refused with a 4xx and leave the tables as they were. */
  mustRefuse: boolean;
  /** May be answered, but leaves the tables as they were (a read with an odd query). */
  keepsRows?: boolean;
}

let h: Awaited<ReturnType<typeof createHarness>>;
const tokens: Partial<Record<string, string>> = {};
const ids: Record<string, string> = {};
const failures: string[] = [];

let sent = 0;

beforeAll(async () => {
  h = await createHarness({ submissions: { rateLimit: null }, dbUploadMaxBytes: 64 * 1024 });
  for (const role of ROLES) if (role !== 'user') grantRole(h.db, `${role}-sub`, role);
  for (const role of ROLES) tokens[role] = await h.token({ sub: `${role}-sub` });
  // Real things to aim at, so a body is checked against a route that has something to change.
  const create = async (path: string, json: unknown) => {
    const res = await h.request(path, { method: 'POST', json, token: tokens.admin });
    expect(res.status, path).toBe(201);
    return (await res.json()) as Record<string, unknown>;
  };
  const example = (method: string, path: string) =>
    API_ROUTES.find((r) => r.method === method && r.path === path)!.json!.example;
  ids.event = String((await create('/api/v1/events', example('post', '/api/v1/events'))).id);
  ids.card = String(
    (await create('/api/v1/admin/supermatches/scheduled', example('post', '/api/v1/admin/supermatches/scheduled'))).id,
  );
  ids.club = String(
    ((await create('/api/v1/clubs', { name: 'Fuzz Club', city: 'Boise', region: 'Idaho' })).club as { id: number }).id,
  );
});
afterAll(() => {
  h.close();
  console.log(`fuzz: ${sent} requests, seed ${SEED}`);
});

let counter: (() => string) | undefined;
/** Every table's row count, in one statement. */
function rowCounts(): string {
  if (!counter) {
    const tables = h.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    const stmt = h.db
      .prepare(`SELECT ${tables.map((t) => `'${t}=' || (SELECT count(*) FROM "${t}")`).join(" || ' ' || ")}`)
      .pluck();
    counter = () => stmt.get() as string;
  }
  return counter();
}

function samplePath(route: ApiRoute, override?: [string, string]): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override?.[0] === name) return override[1];
    if (name === 'id')
      return route.path.startsWith('/api/v1/events')
        ? ids.event!
        : route.path.includes('/scheduled/')
          ? ids.card!
          : route.path.startsWith('/api/v1/clubs')
            ? ids.club!
            : '999999';
    return name === 'kind' ? 'event' : name === 'folder' ? 'events' : name === 'name' ? 'none.png' : '999999';
  });
}

const tokenFor = (route: ApiRoute) => tokens[allowedRoles(route)?.[0] ?? 'user'];

function headersFor(route: ApiRoute, type?: string): Record<string, string> {
  return {
    ...(type ? { 'Content-Type': type } : {}),
    ...(route.idempotent ? { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } : {}),
  };
}

function jsonCases(route: ApiRoute, rng: Rng): Case[] {
  const { schema, example } = route.json!;
  const path = samplePath(route);
  const method = route.method.toUpperCase();
  const props =
    (
      z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, { type?: string | string[]; anyOf?: { type?: string }[]; enum?: unknown[] }>;
      }
    ).properties ?? {};
  const typesOf = (k: string) => {
    const p = props[k] ?? {};
    return [p.type, ...(p.anyOf ?? []).map((x) => x.type)].flat().filter(Boolean) as string[];
  };
  const cases: Case[] = [];
  const raw = (label: string, body: string, type = 'application/json', mustRefuse = true) =>
    cases.push({ label, path, method, headers: headersFor(route, type), body, mustRefuse });
  const value = (label: string, v: unknown, poisoned = false) =>
    raw(label, jsonText(v), 'application/json', poisoned || !schema.safeParse(JSON.parse(jsonText(v))).success);

  // Not JSON, or not sent as JSON.
  for (const text of [
    '{',
    '{"a":1,}',
    "{'a':1}",
    'undefined',
    '',
    '\u0000',
    '[1,2',
    `${JSON.stringify(example)}x`,
    '\ufeff{}',
  ])
    raw(`invalid JSON ${JSON.stringify(text)}`, text);
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'application/xml',
  ])
    raw(`content type ${type}`, JSON.stringify(example), type);
  cases.push({
    label: 'no content type',
    path,
    method,
    headers: headersFor(route),
    body: new TextEncoder().encode(JSON.stringify(example)),
    mustRefuse: true,
  });
  // Too big, and too deep.
  raw('a body over 1 MB', jsonText({ ...example, pad: 'a'.repeat(MB) }));
  raw(
    'a 1 MB string in every field',
    jsonText(Object.fromEntries(Object.keys({ ...props, ...example }).map((k) => [k, 'a'.repeat(MB / 32)]))),
  );
  raw('10,000 nested arrays', deepArray(10_000));
  raw('10,000 nested objects', deepObject(10_000));
  // The wrong kind of value at the top.
  for (const top of [[], [example], 'text', 0, null, true, -0]) value(`top-level ${JSON.stringify(top)}`, top);
  value('an empty object', {});

  const keys = [...new Set([...Object.keys(props), ...Object.keys(example)])];
  for (const k of keys) {
    const without = { ...example };
    delete without[k];
    value(`without ${k}`, without);
    const types = typesOf(k);
    const isText = types.includes('string') && !props[k]?.enum;
    const isNumber = types.includes('number') || types.includes('integer');
    if (isText)
      for (const p of [rng.pick(POISON), rng.pick(POISON)])
        value(`${k}: ${JSON.stringify(p)}`, { ...example, [k]: p }, true);
    if (isNumber) value(`${k}: 1e309`, { ...example, [k]: INFINITY }, true);
    // A yes/no is not a count: JSON's true is refused where a number goes.
    if (isNumber && !types.includes('boolean')) value(`${k}: true`, { ...example, [k]: true }, true);
    value(`${k}: 10,000 nested arrays`, { ...example, [k]: DEEP }, true);
    for (const odd of [rng.pick(ODD), rng.pick(ODD)]) value(`${k}: ${JSON.stringify(odd)}`, { ...example, [k]: odd });
    const j = junk(rng);
    value(`${k}: random ${JSON.stringify(j).slice(0, 80)}`, { ...example, [k]: j }, isText && hasPoison(j));
    if (types.includes('array')) {
      value(`${k}: [a 10,000-deep array]`, { ...example, [k]: [DEEP] }, true);
      value(`${k}: ["\\u0000"]`, { ...example, [k]: ['\u0000'] }, true);
    }
  }
  for (let i = 0; i < 6; i++) {
    const j = junk(rng);
    value(`random body ${JSON.stringify(j).slice(0, 80)}`, j);
  }
  if (route.idempotent) {
    cases.push({
      label: 'no Idempotency-Key',
      path,
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(example),
      mustRefuse: true,
    });
    for (const key of ['', 'a b', 'k'.repeat(201), 'ключ'])
      cases.push({
        label: `Idempotency-Key ${JSON.stringify(key.slice(0, 20))}`,
        path,
        method,
        headers: {
          'Content-Type': 'application/json',
          [IDEMPOTENCY_HEADER]: encodeURIComponent(key) === key ? key : key.replace(/[^ -~]/g, '?'),
        },
        body: JSON.stringify(example),
        mustRefuse: true,
      });
  }
  return cases;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function multipartCases(route: ApiRoute): Case[] {
  const path = samplePath(route);
  const method = route.method.toUpperCase();
  const form = (entries: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [k, v, name] of entries) {
      if (typeof v === 'string') f.append(k, v);
      else f.append(k, v, name ?? 'x.png');
    }
    return f;
  };
  const cases: Case[] = [
    { label: 'no body', path, method, mustRefuse: true },
    {
      label: 'a JSON body',
      path,
      method,
      headers: { 'Content-Type': 'application/json' },
      body: '{"file":"x"}',
      mustRefuse: true,
    },
    {
      label: 'multipart without a boundary',
      path,
      method,
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'garbage',
      mustRefuse: true,
    },
    {
      label: 'multipart with a broken body',
      path,
      method,
      headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
      body: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
      mustRefuse: true,
    },
    {
      label: 'no file field',
      path,
      method,
      body: form([
        ['name', 'Alex Doe'],
        ['kind', 'left'],
      ]),
      mustRefuse: true,
    },
    { label: 'file as text', path, method, body: form([['file', 'not a file']]), mustRefuse: true },
    {
      label: 'a text file',
      path,
      method,
      body: form([
        ['file', new Blob(['hello']), 'x.db'],
        ['name', 'Alex Doe'],
        ['kind', 'left'],
      ]),
      mustRefuse: true,
    },
    {
      label: 'a file over the limit',
      path,
      method,
      body: form([['file', new Blob([new Uint8Array(MB + 100)]), 'x.db']]),
      mustRefuse: true,
    },
    // Two files: the server takes one of them; only no 5xx is asked.
    {
      label: 'two files',
      path,
      method,
      body: form([
        ['file', new Blob([PNG])],
        ['file', new Blob([PNG])],
        ['name', 'Alex Doe'],
        ['kind', 'left'],
      ]),
      mustRefuse: false,
    },
  ];
  if (route.multipart?.fields) {
    // (A lone surrogate cannot be sent in a form: FormData writes it as U+FFFD.)
    for (const [name, kind] of [
      ['\u0000', 'left'],
      ['a\u0007', 'left'],
      ['Alex Doe', 'middle'],
      ['', 'left'],
      ['x'.repeat(10_000), 'right'],
    ])
      cases.push({
        label: `fields ${JSON.stringify([name!.slice(0, 12), kind])}`,
        path,
        method,
        body: form([
          ['file', new Blob([PNG])],
          ['name', name!],
          ['kind', kind!],
        ]),
        mustRefuse: true,
      });
  }
  return cases;
}

/** Raw query values: bad percent escapes, a lone surrogate in UTF-8, NUL, 1 MB, odd numbers. */
const QUERY_VALUES = [
  '%00',
  '%07',
  '%ED%A0%80',
  '%FF',
  '%',
  '%E0%A4%A',
  'a'.repeat(MB),
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '',
  '%20%20',
  'M%00',
  '[]',
  '{}',
];

function queryCases(route: ApiRoute, rng: Rng): Case[] {
  const base = route.queryExample ?? {};
  const method = route.method.toUpperCase();
  const path = samplePath(route);
  const props = Object.keys(
    (z.toJSONSchema(route.query!, { io: 'input', unrepresentable: 'any' }) as { properties?: object }).properties ?? {},
  );
  const qs = (o: Record<string, string>, extra = '') => `${path}?${new URLSearchParams(o)}${extra}`;
  const cases: Case[] = [];
  const add = (label: string, url: string) =>
    cases.push({ label, path: url, method, mustRefuse: false, keepsRows: method === 'GET' });
  for (const k of props) {
    const rest = { ...base };
    delete rest[k];
    for (const v of QUERY_VALUES) add(`${k}=${v.slice(0, 20)}`, qs(rest, `&${k}=${v}`));
    add(`${k} twice`, qs(rest, `&${k}=M&${k}=F`));
    add(`${k}[]`, qs(rest, `&${k}[]=x`));
    add(`${k} random`, qs(rest, `&${k}=${encodeURIComponent(String(junk(rng)).replace(/[\ud800-\udfff]/g, ''))}`));
  }
  add('a deep key', qs(base, `&${'a[b]'.repeat(5000)}=1`));
  add('a 1 MB key', qs(base, `&${'k'.repeat(MB)}=1`));
  add('no query', path);
  return cases;
}

const PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '0x1F',
  '9'.repeat(400),
  '%00',
  '%ED%A0%80',
  '%',
  'a'.repeat(5000),
  '..%2F..%2Fapp.db',
];

function pathCases(route: ApiRoute): Case[] {
  const cases: Case[] = [];
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    for (const v of PATH_VALUES) {
      cases.push({
        label: `{${name}} = ${v.slice(0, 20)}`,
        path: samplePath(route, [name!, v]),
        method: route.method.toUpperCase(),
        headers: headersFor(route, route.json ? 'application/json' : undefined),
        ...(route.json ? { body: JSON.stringify(route.json.example) } : {}),
        mustRefuse: true,
      });
    }
  }
  return cases;
}

const STACK = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+:\d+|SqliteError|TypeError|RangeError/;

async function check(route: ApiRoute, c: Case): Promise<void> {
  const watch = c.mustRefuse || c.keepsRows;
  const before = watch ? rowCounts() : '';
  const headers = new Headers(c.headers);
  const token = tokenFor(route);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  sent++;
  const res = await h.app.request(c.path, {
    method: c.method,
    headers,
    ...(c.body !== undefined ? { body: c.body } : {}),
  });
  const text = await res.text();
  const problem = (why: string) => {
    const line = `${c.method} ${route.path} [${c.label}]: ${why}; answer ${res.status} ${text.slice(0, 200)}`;
    failures.push(line);
  };
  if (res.status >= 500) return problem('a server error');
  if (STACK.test(text)) return problem('a stack trace or internal error name in the answer');
  // Outside /api (the club list, the uploads) a path no route takes falls through to the built files' plain 404.
  if (res.status >= 400 && c.path.startsWith('/api')) {
    if (!/^application\/json/.test(res.headers.get('content-type') ?? '')) return problem('an error that is not JSON');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return problem('an error body that does not parse');
    }
    if (!errorShapeSchema.safeParse(body).success) return problem('an error not in the error shape');
  }
  if (c.mustRefuse && res.status < 400) return problem('accepted input that must be refused');
  if (watch) {
    const after = rowCounts();
    if (after !== before) return problem(`the tables changed: ${before} -> ${after}`);
  }
}

const fuzzed = API_ROUTES.filter((r) => r.json || r.multipart || r.query || r.params);

describe(`fuzz (seed ${SEED})`, () => {
  test('covers every route with input', () => expect(fuzzed.length).toBeGreaterThan(30));

  test.each(fuzzed.map((r, i) => [`${r.method.toUpperCase()} ${r.path}`, r, i] as const))('%s', async (_, route, i) => {
    const rng = prng(SEED + i * 7919);
    const cases = [
      ...(route.json ? jsonCases(route, rng) : []),
      ...(route.multipart ? multipartCases(route) : []),
      ...(route.query ? queryCases(route, rng) : []),
      ...(route.params ? pathCases(route) : []),
    ];
    failures.length = 0;
    for (const c of cases) await check(route, c);
    expect(failures, `seed ${SEED}`).toEqual([]);
  });
});
