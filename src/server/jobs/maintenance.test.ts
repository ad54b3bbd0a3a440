import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.ts';
import { runMaintenance } from './maintenance.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('maintenance', () => {
  it('keeps idempotency keys 30 days and drops abandoned claims after an hour', () => {
    const add = h.db.prepare(
      `INSERT INTO idempotency_keys (route, key, body_hash, state, response_status, response_body, created_at)
       VALUES ('/r', ?, 'h', ?, ?, ?, ?)`,
    );
    add.run('old-done', 'done', 201, '{}', iso(NOW - 31 * DAY));
    add.run('recent-done', 'done', 201, '{}', iso(NOW - 29 * DAY));
    add.run('abandoned', 'processing', null, null, iso(NOW - 2 * 3_600_000));
    add.run('in-flight', 'processing', null, null, iso(NOW - 1000));
    const enqueue = h.db.prepare(
      "INSERT INTO webhook_deliveries (kind, payload, next_attempt_at, delivered_at, created_at) VALUES ('k', '{}', ?, ?, ?)",
    );
    enqueue.run(iso(NOW), iso(NOW - 40 * DAY), iso(NOW - 40 * DAY));
    enqueue.run(iso(NOW), null, iso(NOW - 40 * DAY)); // never delivered: kept

    expect(runMaintenance(h.db, NOW)).toEqual({ keys: 2, deliveries: 1, pictures: 0 });
    expect(h.db.prepare('SELECT key FROM idempotency_keys ORDER BY key').pluck().all()).toEqual([
      'in-flight',
      'recent-done',
    ]);
    expect(h.db.prepare('SELECT delivered_at FROM webhook_deliveries').pluck().all()).toEqual([null]);
  });
});
