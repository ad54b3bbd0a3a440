import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaderboardSchema } from '../../shared/rankings.ts';
import { grantRole } from '../auth/roles.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { rerate, resultsVersion } from '../ratings/engine.ts';
import { createHarness } from '../test/harness.ts';
import { resultsFixture } from '../test/results-fixture.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let dev: string;
const LATEST = Math.max(...migrations.map((m) => m.version));

beforeEach(async () => {
  h = await createHarness();
  grantRole(h.db, 'dev-sub', 'dev');
  dev = await h.token({ sub: 'dev-sub' });
  const f = resultsFixture(h.db);
  f.athlete('Live Lee', 'M', 180);
  f.athlete('Live Lou', 'M', 190);
  f.bracket(f.event('Live Open', '2025-02-01'), 'RH', ['Live Lee', 'Live Lou'], { weightClass: '198' });
  rerate(h.db);
  // This server's own sign-in secrets, which an upload must not replace and a download must not carry.
  h.db.prepare("INSERT INTO settings (key, value) VALUES ('oidc_signing_jwk', '\"live-key\"')").run();
  h.db.prepare("INSERT INTO oidc_models (model, id, payload) VALUES ('Session', 'live-session', '{}')").run();
});
afterEach(() => h.close());

/** A database file like one this app makes, migrated to `level`, with the dev grant and one result. */
function makeDatabase(name: string, opts: { level?: number; fill?: (db: Db) => void } = {}): string {
  const file = path.join(h.dir, 'made', name);
  const db = openDatabase(file);
  migrate(
    db,
    migrations.filter((m) => m.version <= (opts.level ?? LATEST)),
  );
  grantRole(db, 'dev-sub', 'dev');
  const f = resultsFixture(db);
  f.athlete('Up Ula', 'M', 150);
  f.athlete('Up Ugo', 'M', 160);
  f.athlete('Up Una', 'F', 140);
  f.bracket(f.event('Upload Cup', '2025-04-05'), 'RH', ['Up Ugo', 'Up Ula'], { weightClass: '176' });
  opts.fill?.(db);
  db.close();
  return file;
}

function upload(bytes: Uint8Array<ArrayBuffer>, name = 'ratings.db', token = dev) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'application/octet-stream' }));
  return h.request('/api/v1/dev/db/upload', { method: 'POST', body: form, token });
}
const read = (file: string) => new Uint8Array(fs.readFileSync(file));

/** The live database as it lies on disk: the file and its write-ahead log. */
function liveFingerprint() {
  return ['app.db', 'app.db-wal'].map((name) => {
    const file = path.join(h.dir, name);
    return fs.existsSync(file) ? crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex') : null;
  });
}
const athleteNames = () => h.db.prepare('SELECT name FROM athletes ORDER BY name').pluck().all();
const backups = () => (fs.existsSync(path.join(h.dir, 'backups')) ? fs.readdirSync(path.join(h.dir, 'backups')) : []);

async function menBoard() {
  const res = await h.request('/api/v1/leaderboard?sex=M');
  expect(res.status).toBe(200);
  return { etag: res.headers.get('etag'), board: leaderboardSchema.parse(await res.json()) };
}

describe('the developer guard', () => {
  const routes = [
    ['GET', '/api/v1/dev/db/download'],
    ['GET', '/api/v1/dev/fallback/download'],
    ['POST', '/api/v1/dev/db/upload'],
  ] as const;

  it('every dev route: 401 without a token; 403 for users, club leaders and admins; open to developers', async () => {
    grantRole(h.db, 'admin-sub', 'admin');
    grantRole(h.db, 'leader-sub', 'club_leader');
    const refused = {
      user: await h.token({ sub: 'user-sub' }),
      club_leader: await h.token({ sub: 'leader-sub' }),
      admin: await h.token({ sub: 'admin-sub' }),
    };
    const devPaths = h.app.routes.filter((r) => r.path.startsWith('/api/v1/dev/') && r.method !== 'ALL');
    expect([...new Set(devPaths.map((r) => `${r.method} ${r.path}`))].sort()).toEqual(
      routes.map(([m, p]) => `${m} ${p}`).sort(),
    );
    for (const [method, pathname] of routes) {
      const what = `${method} ${pathname}`;
      const none = await h.request(pathname, { method });
      expect(none.status, what).toBe(401);
      expect(await none.json(), what).toMatchObject({ error: { code: 'unauthenticated' } });
      for (const [role, token] of Object.entries(refused)) {
        const res = await h.request(pathname, { method, token });
        expect(res.status, `${what} as ${role}`).toBe(403);
        expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
      }
      const allowed = await h.request(pathname, { method, token: dev });
      expect([401, 403], what).not.toContain(allowed.status);
      await allowed.body?.cancel();
    }
  });
});

describe('GET /api/v1/dev/db/download', () => {
  it('sends a consistent copy as ratings.db, not cached, without the sign-in secrets, and leaves no file behind', async () => {
    const res = await h.request('/api/v1/dev/db/download', { token: dev });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ratings.db"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const file = path.join(h.dir, 'downloaded.db');
    fs.writeFileSync(file, bytes);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('SELECT name FROM athletes ORDER BY name').pluck().all()).toEqual(['Live Lee', 'Live Lou']);
    expect(copy.prepare("SELECT COUNT(*) FROM settings WHERE key LIKE 'oidc%'").pluck().get()).toBe(0);
    expect(copy.prepare('SELECT COUNT(*) FROM oidc_models').pluck().get()).toBe(0);
    expect(copy.prepare("SELECT value FROM settings WHERE key = 'results_version'").pluck().get()).toBe(
      String(resultsVersion(h.db)),
    );
    copy.close();
    // The live database still has them, and the working copy is gone.
    expect(h.db.prepare('SELECT COUNT(*) FROM oidc_models').pluck().get()).toBe(1);
    expect(fs.readdirSync(path.join(h.dir, 'tmp', 'dev-tools'))).toEqual([]);
  });

  it('a copy taken while writes go on opens and passes the integrity check', async () => {
    // Enough pages that the backup takes many turns of the event loop, with a write between turns.
    const insert = h.db.prepare(
      "INSERT INTO feedback (text, name, submitter_ip, created_at) VALUES (?, 'x', '127.0.0.1', 'now')",
    );
    h.db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`${i} ${'f'.repeat(3000)}`);
    })();
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        insert.run(`during ${writes++} ${'w'.repeat(3000)}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const res = await h.request('/api/v1/dev/db/download', { token: dev });
    const bytes = new Uint8Array(await res.arrayBuffer());
    writing = false;
    await writer;
    expect(res.status).toBe(200);
    expect(writes).toBeGreaterThan(5);
    const file = path.join(h.dir, 'during.db');
    fs.writeFileSync(file, bytes);
    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = copy.prepare('SELECT COUNT(*) FROM feedback').pluck().get() as number;
    expect(rows).toBeGreaterThanOrEqual(2000);
    expect(rows).toBeLessThanOrEqual(2000 + writes);
    copy.close();
  });
});

describe('GET /api/v1/dev/fallback/download', () => {
  it('sends fallback.json built from the live data', async () => {
    const res = await h.request('/api/v1/dev/fallback/download', { token: dev });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="fallback.json"');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { men: unknown; women: unknown; events: unknown[] };
    expect(
      leaderboardSchema
        .parse(doc.men)
        .ranks.RH.map((r) => r.name)
        .sort(),
    ).toEqual(['Live Lee', 'Live Lou']);
    expect(leaderboardSchema.parse(doc.women).ranks.RH).toEqual([]);
    expect(Array.isArray(doc.events)).toBe(true);
  });
});

describe('POST /api/v1/dev/db/upload', () => {
  it('refuses a damaged, foreign or hostile file with the reason, and leaves the live database as it was', async () => {
    const good = read(
      makeDatabase('good.db', {
        fill: (db) =>
          db.exec(`CREATE TABLE padding (x); INSERT INTO padding VALUES (zeroblob(20000)); DROP TABLE padding;`),
      }),
    );
    const cases: [string, Uint8Array<ArrayBuffer>, RegExp][] = [
      ['truncated', good.slice(0, Math.floor(good.length / 2)), /damaged|could not be read/],
      ['text renamed .db', new TextEncoder().encode('id,name\n1,Ann\n'.repeat(200)), /not an SQLite database/],
      [
        'an extra trigger',
        read(
          makeDatabase('trigger.db', {
            fill: (db) => db.exec('CREATE TRIGGER sneaky AFTER INSERT ON athletes BEGIN DELETE FROM role_grants; END'),
          }),
        ),
        /trigger sneaky that this app did not create/,
      ],
      [
        'an extra view',
        read(makeDatabase('view.db', { fill: (db) => db.exec('CREATE VIEW peek AS SELECT * FROM settings') })),
        /view peek/,
      ],
      [
        'a changed table',
        read(makeDatabase('altered.db', { fill: (db) => db.exec('ALTER TABLE athletes ADD COLUMN secret TEXT') })),
        /table athletes differs/,
      ],
      [
        'a newer schema',
        read(
          makeDatabase('newer.db', {
            fill: (db) =>
              db
                .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
                .run(LATEST + 1, 'next', 'now'),
          }),
        ),
        new RegExp(`schema version ${LATEST + 1}, newer than this server knows \\(${LATEST}\\)`),
      ],
      [
        'text stored as UTF-16',
        read(
          (() => {
            const file = path.join(h.dir, 'made', 'utf16.db');
            const db = new Database(file);
            db.pragma("encoding = 'UTF-16le'");
            migrate(db, migrations);
            db.close();
            return file;
          })(),
        ),
        /stores text as UTF-16le/,
      ],
      [
        'a database of another app',
        read(
          (() => {
            const file = path.join(h.dir, 'made', 'other.db');
            const db = openDatabase(file);
            db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
            db.close();
            return file;
          })(),
        ),
        /no schema_migrations table/,
      ],
    ];
    const before = liveFingerprint();
    for (const [what, bytes, reason] of cases) {
      const res = await upload(bytes);
      expect(res.status, what).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, what).toBe('invalid_database');
      expect(body.error.message, what).toMatch(reason);
      expect(liveFingerprint(), what).toEqual(before);
    }
    expect(athleteNames()).toEqual(['Live Lee', 'Live Lou']);
    expect(backups()).toEqual([]);
  });

  it('refuses other file names, a missing file and a file over the limit', async () => {
    const bytes = read(makeDatabase('named.db'));
    for (const name of ['ratings.json', 'ratings.db.txt', 'ratings']) {
      const res = await upload(bytes, name);
      expect(res.status, name).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'invalid_input', fields: { file: [expect.stringMatching(/\.sqlite3/)] } },
      });
    }
    for (const name of ['ratings.sqlite', 'ratings.SQLITE3'])
      expect((await upload(bytes, name)).status, name).toBe(200);
    const form = new FormData();
    form.set('other', 'x');
    expect((await h.request('/api/v1/dev/db/upload', { method: 'POST', body: form, token: dev })).status).toBe(400);

    const small = await createHarness({ dbUploadMaxBytes: 4096 });
    try {
      grantRole(small.db, 'dev-sub', 'dev');
      const form = new FormData();
      form.set('file', new File([bytes], 'big.db'));
      const token = await small.token({ sub: 'dev-sub' });
      const res = await small.request('/api/v1/dev/db/upload', { method: 'POST', body: form, token });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    } finally {
      small.close();
    }
  });

  it('a good upload replaces the data served, keeps the old database in backups and moves the leaderboard ETag', async () => {
    const old = await menBoard();
    expect(old.board.ranks.RH.map((r) => r.name).sort()).toEqual(['Live Lee', 'Live Lou']);
    const liveVersion = resultsVersion(h.db);
    const file = makeDatabase('replacement.db', {
      fill: (db) => {
        rerate(db);
        for (let i = 0; i < 5; i++) rerate(db, { full: true }); // its results version well above the live one
        db.prepare("INSERT INTO settings (key, value) VALUES ('oidc_signing_jwk', '\"their-key\"')").run();
        db.prepare("INSERT INTO oidc_models (model, id, payload) VALUES ('Session', 'their-session', '{}')").run();
        db.prepare(
          `INSERT INTO decisions (subject, subject_id, from_status, to_status, decided_by, decided_at)
           VALUES ('supermatch', 1, 'pending', 'approved', 'admin', '2025-04-06')`,
        ).run();
      },
    });
    const uploaded = new Database(file, { readonly: true });
    const uploadedVersion = resultsVersion(uploaded);
    uploaded.close();
    const res = await upload(read(file));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ replaced: true, uploaded_schema_version: LATEST, schema_version: LATEST });

    const now = await menBoard();
    expect(now.board.ranks.RH.map((r) => r.name).sort()).toEqual(['Up Ugo', 'Up Ula']);
    expect(now.etag).not.toBe(old.etag);
    const revalidated = await h.request('/api/v1/leaderboard?sex=M', { headers: { 'If-None-Match': old.etag! } });
    expect(revalidated.status).toBe(200);
    expect(resultsVersion(h.db)).toBeGreaterThan(Math.max(liveVersion, uploadedVersion));

    expect(athleteNames()).toEqual(['Up Ugo', 'Up Ula', 'Up Una']);
    // This server's sign-in secrets and sessions stayed; the file's were not taken.
    expect(h.db.prepare("SELECT value FROM settings WHERE key = 'oidc_signing_jwk'").pluck().get()).toBe('"live-key"');
    expect(h.db.prepare('SELECT id FROM oidc_models').pluck().all()).toEqual(['live-session']);
    // The decision log came along and is append-only again.
    expect(h.db.prepare('SELECT decided_by FROM decisions').pluck().all()).toEqual(['admin']);
    expect(() => h.db.prepare('DELETE FROM decisions').run()).toThrow(/append-only/);
    expect(h.db.pragma('foreign_key_check')).toEqual([]);

    const saved = backups();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^app-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/);
    const backup = new Database(path.join(h.dir, 'backups', saved[0]!), { readonly: true });
    expect(backup.prepare('SELECT name FROM athletes ORDER BY name').pluck().all()).toEqual(['Live Lee', 'Live Lou']);
    backup.close();
    expect(fs.readdirSync(path.join(h.dir, 'tmp', 'dev-tools'))).toEqual([]);
  });

  it('takes a file over the API-wide 1 MB body limit', async () => {
    const file = makeDatabase('big.db', {
      fill: (db) =>
        db
          .prepare("INSERT INTO feedback (text, name, submitter_ip, created_at) VALUES (?, 'x', 'ip', 'now')")
          .run('b'.repeat(1_500_000)),
    });
    expect(fs.statSync(file).size).toBeGreaterThan(1024 * 1024);
    expect((await upload(read(file))).status).toBe(200);
    expect(h.db.prepare('SELECT length(text) FROM feedback').pluck().get()).toBe(1_500_000);
  });

  it('migrates a database from an older version of the app forward and takes it', async () => {
    // Statistics tables, which SQLite writes for ANALYZE, are allowed (and not copied).
    const file = makeDatabase('older.db', { level: 5, fill: (db) => db.exec('ANALYZE') });
    const res = await upload(read(file));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ uploaded_schema_version: 5, schema_version: LATEST });
    expect(athleteNames()).toEqual(['Up Ugo', 'Up Ula', 'Up Una']);
    expect(h.db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(LATEST);
    // Its results rate with this version's engine (the file had not been rated).
    rerate(h.db);
    expect((await menBoard()).board.ranks.RH.map((r) => r.name).sort()).toEqual(['Up Ugo', 'Up Ula']);
  });

  it('reads running during a swap all get answers', async () => {
    const { etag } = await menBoard();
    const bytes = read(makeDatabase('swap.db', { fill: (db) => rerate(db) }));
    const reads: Promise<[string, number]>[] = [];
    const get = (pathname: string, headers: Record<string, string> = {}) =>
      reads.push((async () => [pathname, (await h.request(pathname, { headers })).status] as [string, number])());
    const swap = upload(bytes);
    for (let i = 0; i < 40; i++) {
      get(`/api/v1/leaderboard?sex=${i % 2 ? 'M' : 'F'}`, i % 3 ? {} : { 'If-None-Match': etag! });
      get('/api/v1/athletes?name=Live%20Lee&sex=M');
      get('/api/v1/events');
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await swap).status).toBe(200);
    const answers = await Promise.all(reads);
    for (const [pathname, status] of answers) {
      // The old data's athlete is gone once the swap is done: not found is then the right answer.
      const expected = pathname.includes('athletes') ? [200, 404] : [200, 304];
      expect(expected, pathname).toContain(status);
    }
    // The reads straddled the swap: some were answered from the old data, some from the new.
    const athleteAnswers = new Set(answers.filter(([p]) => p.includes('athletes')).map(([, status]) => status));
    expect([...athleteAnswers].sort()).toEqual([200, 404]);
    expect((await h.request('/api/v1/athletes?name=Live%20Lee&sex=M')).status).toBe(404);
  });
});
