import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { getQueryParam, tryDecodeURIComponent } from 'hono/utils/url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { ROLES } from '../../shared/roles.ts';
import { grantRole } from '../auth/roles.ts';
import { seedDemoState } from '../demo/generate.ts';
import type { Db } from '../db/connection.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import { invalid, nearExample, poisoned, POISON, valid, type Schema } from '../test/arbitraries.ts';
import { createHarness } from '../test/harness.ts';
import { allowedRoles, describedRoutes, type DescribedRoute } from './describe.ts';

/**
 * Property-based fuzzing of every operation of the API document. Requests are
 * generated from the document's own schemas and examples (test/arbitraries.ts):
 * its path and query parameters, its JSON and multipart bodies, the
 * Idempotency-Key, and the caller (each role, no token, a broken one); path
 * and query values also name what the database holds, so valid requests reach
 * the routes' work. Some are valid, most
 * are wrong in one place: a value the schema refuses, a required field left
 * out, an unknown field, text with a control character or a lone surrogate,
 * a body that is not JSON, not sent as JSON, over 1 MB or 10,000 levels deep,
 * a bad percent escape, a key reused for another body. Every answer must be:
 *
 * - no 5xx;
 * - valid against the document (the same check every server test makes:
 *   test/contract.ts);
 * - a 4xx when the input must be refused: the route's own zod schema refuses
 *   it, it is malformed, it holds text no field may store, or the caller may
 *   not call the route;
 * - and a refused request, or any GET, stores nothing: temporary triggers on
 *   every table log the writes that commit, and a refused upload leaves no
 *   file behind.
 *
 * The seed is printed; FUZZ_SEED replays a run and FUZZ_RUNS sets how many
 * requests it sends in all (default 3,000), shared evenly by the operations.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : crypto.randomInt(2 ** 31);
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 3000;
console.log(
  `fuzz seed ${SEED}, ${RUNS} requests (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run src/server/openapi/fuzz.test.ts)`,
);

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: Json }> };
}

/** One generated request, with what makes it one the server must refuse, if anything. */
interface Case {
  caller: Caller;
  /** Path segments as sent (already escaped), by parameter name. */
  path: Record<string, string>;
  /** The query string as sent, without the '?'. */
  query: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | FormData;
  /** Why it must be refused, when it is malformed beyond what the route's schemas judge; else empty. */
  faults: string[];
}

/** A request's body, its content type and its faults. */
interface BodyPart {
  body?: string | Uint8Array<ArrayBuffer> | FormData;
  type?: string;
  faults: string[];
}

const CALLERS = ['none', 'garbage', ...ROLES] as const;
type Caller = (typeof CALLERS)[number];

const MB = 1024 * 1024;
/** A real 1x1 PNG: a picture any check of the bytes takes. */
const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

let h: Awaited<ReturnType<typeof createHarness>>;
let routes: DescribedRoute[];
let writes: ReturnType<typeof watchWrites>;
const tokens: Partial<Record<Caller, string>> = {};
const real: Record<string, string[]> = {};
let sent = 0;
let started = 0;

// The routes as the harness's app mounts them (test.each needs them before beforeAll; every harness app is alike).
const probe = await createHarness();
const described = describedRoutes(probe.app);
probe.close();
/** An operation that takes input gets four shares of the requests, one that takes none (only a caller) one share. */
const shares = (r: DescribedRoute) => (r.spec.params || r.spec.query || r.spec.json || r.spec.multipart ? 4 : 1);
const allShares = described.reduce((n, r) => n + shares(r), 0);
const runsOf = (r: DescribedRoute) => Math.max(5, Math.round((RUNS * shares(r)) / allShares));

beforeAll(async () => {
  h = await createHarness({ submissions: { rateLimit: null }, dbUploadMaxBytes: 64 * 1024 });
  routes = describedRoutes(h.app);
  for (const role of ROLES) if (role !== 'user') grantRole(h.db, `${role}-sub`, role);
  for (const role of ROLES) tokens[role] = await h.token({ sub: `${role}-sub`, email: `${role}@example.org` });
  tokens.garbage = 'not-a-token';
  await makeThingsToAimAt();
  writes = watchWrites(h.db);
  started = performance.now();
});
afterAll(() => {
  h.close();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: ${sent} requests in ${seconds} s, seed ${SEED}`);
});

/** Real rows for the path parameters to name, so a valid request reaches a route with something to change. */
async function makeThingsToAimAt() {
  seedDemoState(h.db, { athletes: 20, years: 1 });
  const post = async (url: string, json: unknown, token = tokens.admin, headers: Record<string, string> = {}) => {
    const res = await h.request(url, { method: 'POST', json, token, headers });
    expect(res.status, url).toBeLessThan(300);
    return (await res.json()) as Json;
  };
  const key = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });
  const event = await post('/api/v1/events', { name: 'Fuzz Pull', date: '2024-04-01', location: 'Boise, ID' });
  const form = new FormData();
  form.set('file', new File([PNG], 'a.png', { type: 'image/png' }));
  const uploaded = await h.request(`/api/v1/events/${String(event.id)}/images/upload`, {
    method: 'POST',
    body: form,
    token: tokens.admin,
  });
  expect(uploaded.status).toBe(201);
  await post('/api/v1/admin/supermatches/scheduled', {
    a: 'Alex Doe',
    b: 'Sam Roe',
    date: '2030-06-01',
    hand: 'RH',
    hue: 200,
  });
  await post('/api/v1/clubs', { name: 'Fuzz Club', city: 'Boise', region: 'Idaho' });
  const result = { a: 'Alex Doe', b: 'Sam Roe', hand: 'RH', winner: 'A', date: '2024-05-04' };
  await post('/api/v1/supermatch-submissions', result, undefined, key());
  await post('/api/v1/feedback', { text: 'Fast.' }, undefined, key());
  await post(
    '/api/v1/event-submissions',
    { name: 'Summer Pull', location: 'Boise', date: '2024-06-01' },
    undefined,
    key(),
  );
  await post('/api/v1/name-submissions', { requested_name: 'Alex Doe' }, tokens.user);
  // A tournament with a category drawn and one not, so the head table's routes have real rows to change.
  const tournament = await post('/api/v1/admin/tournaments', { event_id: event.id, name: 'Fuzz Open' });
  const at = `/api/v1/admin/tournaments/${String(tournament.id)}`;
  for (const weight_class of ['198', '220']) {
    const category = await post(`${at}/categories`, { sex: 'M', hand: 'RH', weight_class, division: 'am' });
    for (const name of ['Fuzz One', 'Fuzz Two', 'Fuzz Three']) {
      await post(`${at}/entries`, { category_id: category.id, name, sex: 'M', weight: 190 });
    }
    if (weight_class === '198') await post(`${at}/categories/${String(category.id)}/draw`, { seed: 1 });
  }
}

/** What the database holds now, for the parameters to name (an operation's turn may have removed or added some). */
function lookAround() {
  const all = (sql: string) => h.db.prepare(sql).pluck().all().map(String);
  Object.assign(real, {
    event: all('SELECT id FROM events ORDER BY id DESC LIMIT 3'),
    image: all('SELECT id FROM event_images ORDER BY id DESC LIMIT 3'),
    upload: all(
      'SELECT url FROM event_images UNION SELECT left_url FROM athlete_images WHERE left_url IS NOT NULL LIMIT 4',
    ).map((url) => url.split('/').pop()!),
    card: all('SELECT id FROM supermatch_cards ORDER BY id DESC LIMIT 3'),
    club: all('SELECT id FROM clubs ORDER BY id DESC LIMIT 3'),
    claim: all('SELECT id FROM name_submissions ORDER BY id DESC LIMIT 3'),
    submission: all('SELECT id FROM supermatch_submissions ORDER BY id DESC LIMIT 3'),
    inbox: all(
      'SELECT id FROM feedback UNION SELECT id FROM event_submissions UNION SELECT id FROM club_submissions LIMIT 4',
    ),
    athlete: all('SELECT name FROM athletes ORDER BY id LIMIT 4'),
    eventName: all('SELECT name FROM events ORDER BY id DESC LIMIT 2'),
    tournament: all('SELECT id FROM tournaments ORDER BY id DESC LIMIT 2'),
    tournamentCategory: all('SELECT id FROM tournament_categories ORDER BY id DESC LIMIT 3'),
    tournamentEntry: all('SELECT id FROM tournament_entries ORDER BY id DESC LIMIT 4'),
    tournamentMatch: all('SELECT id FROM tournament_matches ORDER BY id LIMIT 4'),
    tournamentConflict: all('SELECT id FROM tournament_conflicts ORDER BY id DESC LIMIT 2'),
  });
}

/** Real values for a query parameter: the names of athletes and events the database has. */
function realQueryValues(name: string): string[] {
  const athletes = real.athlete ?? [];
  if (name === 'name' || name === 'a' || name === 'b') return athletes;
  if (name === 'names') return [athletes.join(','), athletes.slice(0, 2).join(', ')];
  if (name === 'event') return real.eventName ?? [];
  return [];
}

/** The real values a path parameter can take on a route, besides generated ones. */
function realValues(template: string, name: string): string[] {
  const ids = (key: string) => real[key] ?? [];
  if (name === 'imageId') return ids('image');
  if (name === 'categoryId') return ids('tournamentCategory');
  if (name === 'entryId') return ids('tournamentEntry');
  if (name === 'matchId') return ids('tournamentMatch');
  if (name === 'conflictId') return ids('tournamentConflict');
  if (template.includes('/tournaments/')) return ids('tournament');
  if (name === 'name') return ids('upload');
  if (name === 'folder') return ['events', 'athletes'];
  if (name === 'kind') return ['event', 'feedback', 'club'];
  if (template.includes('/scheduled/')) return ids('card');
  if (template.startsWith('/api/v1/events/')) return ids('event');
  if (template.startsWith('/api/v1/clubs/')) return ids('club');
  if (template.includes('/name-submissions/')) return ids('claim');
  if (template.includes('/admin/supermatches/')) return ids('submission');
  if (template.includes('/inbox/')) return ids('inbox');
  return [];
}

/**
 * Temporary triggers on every table log each write that commits (a rolled-back transaction takes its log rows
 * with it). `stored()` is what the writes since `reset()` left: a row added and removed again (an
 * Idempotency-Key's claim, released when the request is refused) leaves nothing.
 */
function watchWrites(db: Db) {
  db.exec('CREATE TEMP TABLE fuzz_writes (seq INTEGER PRIMARY KEY, tbl TEXT, key TEXT, op TEXT)');
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const pk = (db.pragma(`table_info("${table}")`) as { name: string; pk: number }[])
      .filter((c) => c.pk > 0)
      .map((c) => c.name);
    const [{ wr }] = db.pragma(`table_list("${table}")`) as [{ wr: number }];
    const withoutRowid = wr === 1;
    const key = (row: 'NEW' | 'OLD') =>
      withoutRowid && pk.length ? `json_array(${pk.map((c) => `${row}."${c}"`).join(', ')})` : `${row}.rowid`;
    for (const [op, row] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      db.exec(
        `CREATE TEMP TRIGGER "fuzz_${table}_${op}" AFTER ${op} ON main."${table}" BEGIN
           INSERT INTO fuzz_writes (tbl, key, op) VALUES ('${table}', ${key(row)}, '${op}'); END`,
      );
    }
  }
  const read = db.prepare('SELECT tbl, key, op FROM fuzz_writes ORDER BY seq');
  return {
    reset: () => db.exec('DELETE FROM fuzz_writes'),
    stored(): string[] {
      const rows = read.all() as { tbl: string; key: string; op: string }[];
      const byRow = new Map<string, string[]>();
      for (const r of rows) byRow.set(`${r.tbl} ${r.key}`, [...(byRow.get(`${r.tbl} ${r.key}`) ?? []), r.op]);
      return [...byRow]
        .filter(([, ops]) => !(ops[0] === 'INSERT' && ops.at(-1) === 'DELETE'))
        .map(([row, ops]) => `${row}: ${ops.join(', ')}`);
    },
  };
}

/** The files under the data folder's uploads/ and backups/, which a refused upload must leave as they were. */
function storedFiles(): string {
  const list = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? list(full) : [full];
        })
      : [];
  return [...list(path.join(h.dir, 'uploads')), ...list(path.join(h.dir, 'backups'))].sort().join('\n');
}

// ---- The document's schemas ----

/** The schema with every $ref into the document replaced by what it points at. */
function resolved(node: unknown, document: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => resolved(n, document));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => (at as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')], document);
    return resolved(target, document);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolved(v, document)]));
}

// ---- Generating requests ----

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
/** encodeURIComponent, for text it cannot escape (a lone surrogate) the escape of one: what a broken client sends. */
const escape = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
};

/** Raw escapes a URL can carry that decode to nothing sensible. */
const RAW_ESCAPES = ['%', '%FF', '%ED%A0%80', '%00', '%E0%A4%A', '..%2F..%2Fapp.db', '9'.repeat(400), 'a'.repeat(5000)];

function callerArb(route: DescribedRoute): fc.Arbitrary<Caller> {
  const roles = allowedRoles(route.spec);
  const usual: Caller = roles ? (roles[0] as Caller) : 'none';
  return fc.oneof({ weight: 6, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...CALLERS) });
}

function pathArb(route: DescribedRoute, params: Parameter[]) {
  const entries = params.map((p) => {
    const reals = realValues(route.path, p.name);
    const good = fc.oneof(...(reals.length ? [{ weight: 4, arbitrary: fc.constantFrom(...reals) }] : []), {
      weight: 1,
      arbitrary: valid(p.schema).map(text),
    });
    const bad = fc.oneof(
      invalid(p.schema).map((v) => escape(text(v))),
      fc.constantFrom(...RAW_ESCAPES),
    );
    const one = fc.oneof({ weight: 5, arbitrary: good.map(escape) }, { weight: 1, arbitrary: bad });
    return one.map((v) => [p.name, v] as const);
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs));
}

function queryArb(route: DescribedRoute, params: Parameter[]) {
  const entries = params.map((p) => {
    const example = route.spec.queryExample?.[p.name];
    const reals = [...realQueryValues(p.name), ...(example !== undefined ? [example] : [])];
    const value = fc.oneof(
      { weight: reals.length ? 4 : 0, arbitrary: fc.constantFrom(...reals, '') },
      { weight: 6, arbitrary: valid(p.schema).map(text) },
      { weight: 2, arbitrary: invalid(p.schema).map(text) },
      { weight: 1, arbitrary: fc.constantFrom(...POISON) },
    );
    const present = p.required
      ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false))
      : fc.boolean();
    return fc.tuple(present, value).map(([on, v]) => (on ? [[p.name, v] as const] : []));
  });
  const raw = fc.oneof(
    { weight: 8, arbitrary: fc.constant('') },
    fc.constantFrom(...RAW_ESCAPES).map((r) => `&x=${r}`),
    fc.constant(`&${'a[b]'.repeat(2000)}=1`),
    fc.constant(`&${'k'.repeat(MB)}=1`),
    fc.constantFrom(...params.map((p) => p.name), 'sex').map((n) => `&${n}=M&${n}=F`),
  );
  return fc.tuple(fc.tuple(...entries), raw).map(
    ([groups, extra]) =>
      groups
        .flat()
        .map(([k, v]) => `${escape(k)}=${escape(v)}`)
        .join('&') + extra,
  );
}

/** JSON text that JSON.stringify cannot write: a number past the largest double, and deep nesting. */
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);

function jsonArb(schema: Schema, example: Json | undefined): fc.Arbitrary<BodyPart> {
  const value = fc.oneof(
    { weight: 3, arbitrary: valid(schema) },
    { weight: example ? 3 : 0, arbitrary: nearExample(schema, example ?? {}) },
    { weight: 4, arbitrary: invalid(schema) },
    { weight: 2, arbitrary: poisoned(schema) },
  );
  const asJson = value.map((v): BodyPart => ({
    body: JSON.stringify(v) ?? 'null',
    type: 'application/json',
    faults: [],
  }));
  const broken = fc
    .tuple(
      valid(schema),
      fc.constantFrom(
        'not JSON',
        'trailing text',
        'a byte-order mark',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonx',
        'no content type',
        'over 1 MB',
        '10,000 nested arrays',
        'a number past the largest double',
      ),
    )
    .map(([v, how]): BodyPart => {
      const good = JSON.stringify(v) ?? 'null';
      const body: Record<string, () => { body: string | Uint8Array<ArrayBuffer>; type?: string }> = {
        'not JSON': () => ({ body: good.slice(0, Math.max(1, good.length - 1)), type: 'application/json' }),
        'trailing text': () => ({ body: `${good}x`, type: 'application/json' }),
        'a byte-order mark': () => ({ body: `\ufeff${good}`, type: 'application/json' }),
        'no content type': () => ({ body: new TextEncoder().encode(good) }),
        'over 1 MB': () => ({ body: `{"pad":"${'a'.repeat(MB)}"}`, type: 'application/json' }),
        '10,000 nested arrays': () => ({ body: deepArray(10_000), type: 'application/json' }),
        'a number past the largest double': () => ({
          body: good.replace(/(:\s*)-?\d+(\.\d+)?/, '$11e309').replace(/^-?\d+(\.\d+)?$/, '1e309'),
          type: 'application/json',
        }),
      };
      const made = body[how]?.() ?? { body: good, type: how };
      // What the route's schema judges (JSON that parses to something) is left to it; the rest must be refused.
      const judged = [
        'not JSON',
        'trailing text',
        'a byte-order mark',
        '10,000 nested arrays',
        'a number past the largest double',
      ];
      return { ...made, faults: judged.includes(how) ? [] : [how] };
    });
  return fc.oneof({ weight: 8, arbitrary: asJson }, { weight: 2, arbitrary: broken });
}

function multipartArb(fields: Schema | undefined): fc.Arbitrary<BodyPart> {
  const props = Object.entries(fields?.properties ?? {}).filter(([name]) => name !== 'file');
  const fieldSchema: Schema = {
    type: 'object',
    properties: Object.fromEntries(props),
    required: fields?.required?.filter((n) => n !== 'file'),
  };
  const values = props.length
    ? fc.oneof(
        { weight: 4, arbitrary: valid(fieldSchema) },
        { weight: 1, arbitrary: invalid(fieldSchema) },
        { weight: 1, arbitrary: poisoned(fieldSchema) },
      )
    : fc.constant({});
  const file = fc.constantFrom(
    'a picture',
    'a text file',
    'an empty file',
    'a file over 1 MB',
    'no file',
    'the file as text',
    'two files',
  );
  const structural = fc.constantFrom(
    'no body',
    'a JSON body',
    'multipart without a boundary',
    'a broken multipart body',
  );
  const form = fc.tuple(values, file).map(([v, kind]): BodyPart => {
    const f = new FormData();
    const bytes = (n: number) => new Uint8Array(n).fill(0x41);
    if (kind === 'a picture' || kind === 'two files')
      f.append('file', new File([PNG], 'picture.png', { type: 'image/png' }));
    if (kind === 'two files') f.append('file', new File([PNG], 'other.png', { type: 'image/png' }));
    if (kind === 'a text file') f.append('file', new File(['hello'], 'notes.db', { type: 'text/plain' }));
    if (kind === 'an empty file') f.append('file', new File([], 'empty.png'));
    if (kind === 'a file over 1 MB') f.append('file', new File([bytes(MB + 100)], 'big.db'));
    if (kind === 'the file as text') f.append('file', 'not a file');
    const fieldValues = v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [];
    for (const [name, value] of fieldValues) f.append(name, text(value));
    // Only a picture is a file an upload may take (the route's schema judges the other fields).
    return { body: f, faults: kind === 'a picture' || kind === 'two files' ? [] : [kind] };
  });
  const bad = structural.map((how): BodyPart => {
    const made: Record<string, { body?: string; type?: string }> = {
      'no body': {},
      'a JSON body': { body: '{"file":"x"}', type: 'application/json' },
      'multipart without a boundary': { body: 'garbage', type: 'multipart/form-data' },
      'a broken multipart body': {
        body: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
        type: 'multipart/form-data; boundary=zz',
      },
    };
    return { ...made[how], faults: [how] };
  });
  return fc.oneof({ weight: 4, arbitrary: form }, { weight: 1, arbitrary: bad });
}

/** The Idempotency-Key: a new one, or missing, malformed, or one already used for another body. */
/** The keys each route has stored an answer for, with the body that answer is for (a key belongs to its route). */
const usedKeys = new Map<string, Map<string, string>>();
const keysOf = (route: DescribedRoute) =>
  usedKeys.get(route.path) ?? usedKeys.set(route.path, new Map()).get(route.path)!;
const keyArb = fc.oneof(
  { weight: 8, arbitrary: fc.uuid().map((k) => ({ key: k, fault: '' })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<[string | undefined, string]>(
        [undefined, 'no Idempotency-Key'],
        ['', 'an empty Idempotency-Key'],
        ['a b', 'an Idempotency-Key with a space'],
        ['k'.repeat(201), 'an Idempotency-Key of 201 characters'],
        ['reuse', ''],
      )
      .map(([key, fault]) => ({ key, fault })),
  },
);

function caseArb(route: DescribedRoute, operation: Operation): fc.Arbitrary<Case> {
  const params = operation.parameters ?? [];
  const inPath = params.filter((p) => p.in === 'path');
  const inQuery = params.filter((p) => p.in === 'query');
  const content = operation.requestBody?.content ?? {};
  const body = content['application/json']
    ? jsonArb(content['application/json'].schema, content['application/json'].example)
    : content['multipart/form-data']
      ? multipartArb(content['multipart/form-data'].schema)
      : fc.constant<BodyPart>({ faults: [] });
  const etag = route.spec.etag
    ? fc.option(fc.constantFrom('*', '"stale"', 'W/"x", "y"'), { nil: undefined })
    : fc.constant(undefined);
  return fc
    .record({
      caller: callerArb(route),
      path: pathArb(route, inPath),
      query: queryArb(route, inQuery),
      body,
      key: route.spec.idempotent ? keyArb : fc.constant(undefined),
      etag,
    })
    .map(({ caller, path, query, body: b, key, etag: inm }): Case => {
      const headers: Record<string, string> = {};
      if (b.type) headers['Content-Type'] = b.type;
      if (inm) headers['If-None-Match'] = inm;
      const faults = [...b.faults];
      if (key) {
        if (key.fault) faults.push(key.fault);
        const reused = key.key === 'reuse' ? [...keysOf(route).keys()][0] : key.key;
        if (reused !== undefined) headers[IDEMPOTENCY_HEADER] = reused;
      }
      return { caller, path, query, headers, ...(b.body !== undefined ? { body: b.body } : {}), faults };
    });
}

// ---- Running a request and judging its answer ----

// Text is trimmed before it is checked: a vertical tab or a form feed at either end is whitespace, trimmed away
// (zod's trim in field-schemas.ts), so only what stays would be stored.
const hasPoison = (v: unknown): boolean =>
  typeof v === 'string'
    ? // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(
        v.trim(),
      )
    : Array.isArray(v)
      ? v.some(hasPoison)
      : v && typeof v === 'object'
        ? Object.values(v).some(hasPoison)
        : false;

const refuses = (schema: z.ZodType | undefined, value: unknown) => !!schema && !schema.safeParse(value).success;

/** The path parameters and the query as the server reads them: with Hono's own decoding (an escape that decodes to no text is kept as written). */
function readByServer(c: Case, url: string) {
  return {
    params: Object.fromEntries(Object.entries(c.path).map(([k, raw]) => [k, tryDecodeURIComponent(raw)])),
    query: getQueryParam(`http://test${url}`) as Record<string, string>,
  };
}

/** The JSON value the server reads from a body (it decodes UTF-8, dropping a byte-order mark), or why none. */
function readJsonBody(body: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(new TextDecoder().decode(new TextEncoder().encode(body))) as unknown };
  } catch {
    return undefined;
  }
}

/** Why the server must refuse this request, or an empty list when it may take it. */
function mustRefuse(route: DescribedRoute, c: Case, url: string): string[] {
  const why = [...c.faults];
  const { spec } = route;
  const roles = allowedRoles(spec);
  if (roles && !roles.includes(c.caller as (typeof roles)[number])) why.push(`${c.caller} may not call it`);
  const read = readByServer(c, url);
  if (spec.params && refuses(spec.params, read.params)) why.push('the path parameters are not valid');
  if (spec.query && refuses(spec.query, read.query)) why.push('the query is not valid');
  if (spec.json && typeof c.body === 'string') {
    const json = readJsonBody(c.body);
    if (!json) why.push('the body is not JSON');
    else if (refuses(spec.json.schema, json.value)) why.push('the body is not valid');
    else if (hasPoison(json.value)) why.push('the body holds text no field may store');
  }
  if (spec.multipart?.fields && c.body instanceof FormData) {
    // A form's text is sent well formed (a lone surrogate becomes U+FFFD), as the server then reads it.
    const fields = Object.fromEntries(
      [...c.body].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, (v as string).toWellFormed()]),
    );
    if (refuses(spec.multipart.fields, fields)) why.push('the form fields are not valid');
    else if (hasPoison(fields)) why.push('a form field holds text no field may store');
  }
  const key = c.headers[IDEMPOTENCY_HEADER];
  const used = key === undefined ? undefined : keysOf(route).get(key);
  if (used !== undefined && used !== c.body) why.push('a key used for another body');
  return why;
}

const STACK = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+:\d+|SqliteError|TypeError|RangeError/;

async function send(route: DescribedRoute, c: Case): Promise<void> {
  const url =
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => c.path[name] ?? name) + (c.query ? `?${c.query}` : '');
  const method = route.method.toUpperCase();
  const headers = new Headers(c.headers);
  const token = tokens[c.caller];
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const refuse = mustRefuse(route, c, url);
  const upload = c.body instanceof FormData || route.spec.multipart;
  const filesBefore = upload ? storedFiles() : '';
  writes.reset();
  sent++;
  const res = await h.app.request(url, { method, headers, ...(c.body !== undefined ? { body: c.body } : {}) });
  const problems = await h.contract.check(method, url, res);
  // An event stream runs until it is closed: its first bytes are not this suite's business, so it is closed.
  const streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const answer = streaming ? (await res.body?.cancel(), '') : await res.text();
  const fail = (why: string) => {
    throw new Error(
      `${method} ${url.slice(0, 160)} as ${c.caller} [${c.faults.join('; ') || 'no fault made'}]: ${why}; ` +
        `answer ${res.status} ${answer.slice(0, 300)}`,
    );
  };
  if (res.status >= 500) fail('a server error');
  if (STACK.test(answer)) fail('a stack trace or an internal error name in the answer');
  if (problems.length) fail(`not what the document says: ${problems.join('; ')}`);
  if (refuse.length && res.status < 400) fail(`taken, though it must be refused (${refuse.join('; ')})`);
  if (res.status >= 400 || method === 'GET') {
    const stored = writes.stored();
    if (stored.length) fail(`${res.status >= 400 ? 'refused' : 'a read'}, yet it stored: ${stored.join(' | ')}`);
    if (upload && storedFiles() !== filesBefore) fail('refused, yet it left a file in the data folder');
  }
  const key = c.headers[IDEMPOTENCY_HEADER];
  if (key && res.status < 300 && typeof c.body === 'string') keysOf(route).set(key, c.body);
}

describe(`fuzz (seed ${SEED}, ${RUNS} requests)`, () => {
  test('covers every operation of the document', () => {
    const document = h.contract.document as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(described.map((r) => `${r.method} ${r.path}`).sort()).toEqual(operations.sort());
    expect(operations.length).toBeGreaterThan(50);
  });

  test.each(described.map((r, i) => [`${r.method.toUpperCase()} ${r.path}`, i] as const))(
    '%s',
    async (_, i) => {
      const route = routes[i]!;
      const document = h.contract.document as { paths: Record<string, Record<string, unknown>> };
      const operation = resolved(document.paths[route.path]![route.method], document) as Operation;
      lookAround();
      await fc.assert(
        fc.asyncProperty(caseArb(route, operation), (c) => send(route, c)),
        { seed: SEED + i, numRuns: runsOf(route) },
      );
    },
    // A busy machine answers a request in tens of milliseconds: room for that, however many FUZZ_RUNS asks.
    Math.max(60_000, Math.max(...described.map(runsOf)) * 200),
  );
});
