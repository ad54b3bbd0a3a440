import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { feedbackMessage } from './webhook-messages.ts';
import { backoffMs, deliverDueWebhooks, enqueueWebhook, startWebhookWorker } from './webhook.ts';

/** A real chat webhook on 127.0.0.1 that answers what the test says and records what it got. */
interface Hook {
  url: string;
  received: { body: unknown; contentType: string | undefined }[];
  answer: { status: number; headers?: Record<string, string>; body?: string };
  close: () => Promise<void>;
}

async function startHook(): Promise<Hook> {
  const hook = { received: [], answer: { status: 204 } } as unknown as Hook;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hook.received.push({
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        contentType: req.headers['content-type'],
      });
      res.writeHead(hook.answer.status, hook.answer.headers);
      res.end(hook.answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  hook.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return hook;
}

let dir: string;
let db: Db;
let hook: Hook;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-webhook-'));
  db = openDatabase(path.join(dir, 'app.db'));
  migrate(db, migrations);
  hook = await startHook();
});
afterEach(async () => {
  await hook.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse('2025-06-01T12:00:00Z');
const message = (text: string) =>
  feedbackMessage({ text, name: 'Jo' }, { ip: '192.0.2.1', createdAt: new Date(T0).toISOString() });
const row = (id: number) =>
  db
    .prepare('SELECT attempts, next_attempt_at, delivered_at, last_error FROM webhook_deliveries WHERE id = ?')
    .get(id) as {
    attempts: number;
    next_attempt_at: string;
    delivered_at: string | null;
    last_error: string | null;
  };
const quiet = () => {};

describe('chat webhook delivery', () => {
  it('retries a failing webhook with exponential backoff, then delivers exactly once', async () => {
    const id = enqueueWebhook(db, 'feedback', message('first'), T0);
    let clock = T0;
    const pass = () => deliverDueWebhooks(db, { url: hook.url, now: () => clock, random: () => 0, log: quiet });

    hook.answer = { status: 500 };
    expect(await pass()).toEqual({ delivered: 0, failed: 1 });
    expect(hook.received).toHaveLength(1);
    expect(row(id)).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'HTTP 500' });
    expect(Date.parse(row(id).next_attempt_at)).toBe(T0 + 5_000);

    clock = T0 + 4_999; // not due yet
    expect(await pass()).toEqual({ delivered: 0, failed: 0 });
    expect(hook.received).toHaveLength(1);

    clock = T0 + 5_000;
    await pass();
    expect(hook.received).toHaveLength(2);
    expect(row(id).attempts).toBe(2);
    expect(Date.parse(row(id).next_attempt_at)).toBe(clock + 10_000);

    hook.answer = { status: 204 };
    clock += 10_000;
    expect(await pass()).toEqual({ delivered: 1, failed: 0 });
    expect(hook.received).toHaveLength(3);
    expect(hook.received[2]).toEqual({ body: message('first'), contentType: 'application/json' });
    expect(row(id)).toMatchObject({ attempts: 3, delivered_at: new Date(clock).toISOString(), last_error: null });

    clock += 86_400_000;
    expect(await pass()).toEqual({ delivered: 0, failed: 0 });
    expect(hook.received).toHaveLength(3);
  });

  it('backs off from 5 s doubling to a 1 h cap, with up to 20 % jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 0))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30, () => 0)).toBe(3_600_000);
    expect(backoffMs(1, () => 1)).toBe(4_000);
    expect(backoffMs(100, () => 0.5)).toBe(3_240_000);
  });

  it('honours a 429 Retry-After for every waiting message', async () => {
    const a = enqueueWebhook(db, 'feedback', message('a'), T0);
    const b = enqueueWebhook(db, 'feedback', message('b'), T0);
    let clock = T0;
    hook.answer = { status: 429, headers: { 'Retry-After': '120' } };
    const pass = () => deliverDueWebhooks(db, { url: hook.url, now: () => clock, random: () => 0, log: quiet });
    await pass();
    expect(hook.received).toHaveLength(1); // one failure ends the pass
    expect(Date.parse(row(a).next_attempt_at)).toBe(T0 + 120_000);
    expect(Date.parse(row(b).next_attempt_at)).toBe(T0 + 120_000);
    clock = T0 + 119_000;
    await pass();
    expect(hook.received).toHaveLength(1);
    hook.answer = { status: 200, body: 'ok' };
    clock = T0 + 120_000;
    expect(await pass()).toEqual({ delivered: 2, failed: 0 });
    expect(hook.received.map((r) => (r.body as { embeds: { description: string }[] }).embeds[0]!.description)).toEqual([
      'a',
      'a',
      'b',
    ]);
  });

  it('a new worker on the same database delivers what is pending and never re-sends what was delivered', async () => {
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(done()).toBe(true);
    };
    const delivered = () =>
      db.prepare('SELECT COUNT(*) FROM webhook_deliveries WHERE delivered_at IS NOT NULL').pluck().get();

    enqueueWebhook(db, 'feedback', message('before restart'));
    const stop1 = startWebhookWorker(db, { url: hook.url, intervalMs: 10, log: quiet });
    await until(() => delivered() === 1);
    await stop1();

    enqueueWebhook(db, 'feedback', message('while down'));
    enqueueWebhook(db, 'feedback', message('also while down'));
    await new Promise((r) => setTimeout(r, 50));
    expect(hook.received).toHaveLength(1); // nobody is delivering

    const stop2 = startWebhookWorker(db, { url: hook.url, intervalMs: 10, log: quiet });
    await until(() => delivered() === 3);
    await new Promise((r) => setTimeout(r, 50)); // a few more idle passes
    await stop2();
    expect(hook.received.map((r) => (r.body as { embeds: { description: string }[] }).embeds[0]!.description)).toEqual([
      'before restart',
      'while down',
      'also while down',
    ]);
  });

  it('a webhook that does not answer times out and is retried later', async () => {
    const id = enqueueWebhook(db, 'feedback', message('slow'), T0);
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
      );
    const result = await deliverDueWebhooks(db, {
      url: hook.url,
      fetch: never,
      timeoutMs: 20,
      now: () => T0,
      random: () => 0,
      log: quiet,
    });
    expect(result).toEqual({ delivered: 0, failed: 1 });
    expect(row(id)).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'timed out after 20 ms' });
    expect(Date.parse(row(id).next_attempt_at)).toBe(T0 + 5_000);
  });
});
