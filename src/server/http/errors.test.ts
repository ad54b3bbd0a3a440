import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../shared/api-error.ts';
import { SUBMISSION_PATHS } from '../../shared/submission-kinds.ts';
import { grantRole } from '../auth/roles.ts';
import { seedDemoEvents } from '../demo/events.ts';
import { uploadsDir } from '../events/images.ts';
import { createHarness } from '../test/harness.ts';
import { PNG } from '../test/pictures.ts';

/**
 * A full disk and a busy database answer 503 with Retry-After in the API's
 * error shape, and store nothing, so the outbox keeps the entry and sends it
 * again. Both are made for real: a page limit on the test database (SQLite
 * then reports SQLITE_FULL exactly as on a full disk) and a second connection
 * holding the write lock.
 */

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness({ submissions: { rateLimit: null } });
});
afterEach(() => h.close());

const feedback = { text: 'Rankings please.', name: 'Dana' };
const send = (key: string) =>
  h.request(SUBMISSION_PATHS.feedback, { method: 'POST', json: feedback, headers: { 'Idempotency-Key': key } });
const count = (table: string) => h.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

/**
 * Caps the database file at its size, as a full disk would: no page may be
 * added. Each `filler` insert then runs until SQLite reports the disk full,
 * using up the free pages and the free space of that table's pages. Answers
 * a function that makes room again.
 */
function fillDisk(...fillers: string[]): () => void {
  const pages = h.db.pragma('page_count', { simple: true }) as number;
  h.db.pragma(`max_page_count = ${pages}`);
  for (const filler of fillers) {
    const fill = h.db.prepare(filler);
    for (let i = 0; ; i++) {
      try {
        fill.run(i);
      } catch (err) {
        expect(err).toMatchObject({ code: 'SQLITE_FULL' });
        break;
      }
    }
  }
  return () => h.db.pragma(`max_page_count = ${pages * 100}`);
}

async function expectUnavailable(res: Response, code: string) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  const error = apiErrorOf(await res.json());
  expect(error).toMatchObject({ code });
  expect(error?.message).toMatch(/try again/i);
  expect(error?.request_id).toBeTruthy();
}

describe('storage failures answer 503, never 500', () => {
  it('a full disk (SQLITE_FULL): 503 with Retry-After, nothing stored, and the same send succeeds once there is room', async () => {
    const makeRoom = fillDisk(
      "INSERT INTO settings (key, value) VALUES ('filler-' || ?, 'filler')",
      "INSERT INTO feedback (text, name, submitter_ip, created_at) VALUES ('filler ' || ?, '', '', '')",
    );
    const stored = count('feedback');

    await expectUnavailable(await send('full-1'), 'storage_full');
    expect(count('feedback')).toBe(stored);
    // Not even the key's claim is left: the repeat is handled afresh, not told "in progress".
    expect(count('idempotency_keys')).toBe(0);

    makeRoom();
    const again = await send('full-1');
    expect(again.status).toBe(201);
    expect(count('feedback')).toBe(stored + 1);
  });

  it('a full disk while storing a picture leaves no file behind', async () => {
    seedDemoEvents(h.db, '2026-03-10');
    grantRole(h.db, 'admin-1', 'admin');
    const admin = await h.token({ sub: 'admin-1' });
    fillDisk("INSERT INTO event_images (event_id, position, url, created_at) VALUES (1, ?, '/events/table.svg', '')");
    const before = count('event_images');
    const form = new FormData();
    form.set('file', new File([PNG], 'a.png'));
    const res = await h.request('/api/v1/events/1/images/upload', { method: 'POST', body: form, token: admin });
    await expectUnavailable(res, 'storage_full');
    expect(count('event_images')).toBe(before);
    expect(fs.readdirSync(uploadsDir(h.db))).toEqual([]);
  });

  it('a database held by another writer (SQLITE_BUSY): 503 with Retry-After, nothing stored, then stored once free', async () => {
    h.db.pragma('busy_timeout = 25');
    const other = new Database(path.join(h.dir, 'app.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      other.prepare("INSERT INTO settings (key, value) VALUES ('held', 'yes')").run();

      await expectUnavailable(await send('busy-1'), 'database_busy');
      other.exec('ROLLBACK');
      expect(count('feedback')).toBe(0);
      expect(count('idempotency_keys')).toBe(0);

      const again = await send('busy-1');
      expect(again.status).toBe(201);
      expect(count('feedback')).toBe(1);
    } finally {
      other.close();
    }
  });

  it('any other failure is still a 500', async () => {
    h.db.exec("CREATE TEMP TRIGGER refuse BEFORE INSERT ON feedback BEGIN SELECT RAISE(ABORT, 'refused'); END");
    const res = await send('other-1');
    expect(res.status).toBe(500);
    expect(res.headers.get('Retry-After')).toBeNull();
  });
});
