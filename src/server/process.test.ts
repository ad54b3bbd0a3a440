import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './test/process.ts';

/**
 * The server as an operator runs it: a child process on a temp data folder,
 * stopped with SIGTERM (a deploy, Ctrl-C) or killed with SIGKILL (a crash, the
 * out-of-memory killer). Generous timeouts: a busy 2-core machine compiles and
 * starts the server slowly; every wait is for something the server does.
 */

const dirs: string[] = [];
const processes: ServerProcess[] = [];
afterEach(async () => {
  for (const p of processes.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-process-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>) {
  const p = await startServerProcess(env);
  processes.push(p);
  return p;
}

function submission(i: number) {
  return JSON.stringify({ a: `Athlete ${i} A`, b: `Athlete ${i} B`, hand: 'RH', winner: 'A', submitter: 'Anonymous' });
}

function readDb<T>(dir: string, run: (db: Database.Database) => T): T {
  const db = new Database(path.join(dir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return run(db);
  } finally {
    db.close();
  }
}

/** A submission sent the slow way: headers first (the server acknowledges them), the body when `finish` is called. */
function slowSubmission(url: string, body: string) {
  const req = http.request(`${url}/api/v1/supermatch-submissions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'Idempotency-Key': randomUUID(),
      Expect: '100-continue',
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // The server has read the headers and is waiting for the body: the request is in flight.
  const inFlight = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  req.flushHeaders();
  return { inFlight, answered, finish: () => req.end(body), abandoned: req };
}

describe('the server process', () => {
  it(
    'prints the demo sign-in warning, logs requests as JSON lines, and on SIGTERM finishes what is in flight, closes the database and exits 0',
    { timeout: 180_000 },
    async () => {
      const dir = dataDir();
      const server = await start({ DATA_DIR: dir, LOG_REQUESTS: 'true' });

      // The start line: where it listens (only this computer, HOST unset) and what the demo sign-in means.
      expect(server.output()).toMatch(/listening on 127\.0\.0\.1:\d+/);
      expect(server.output()).toContain(
        'Anyone who can open this page can sign in as any demo account (they hold no roles while DEMO_DATA is off) ' +
          'without a password.',
      );

      // Request lines: the app's and the sign-in provider's, without query strings.
      const health = await fetch(`${server.url}/api/v1/health?token=secret-one`);
      const discovery = await fetch(`${server.url}/oidc/.well-known/openid-configuration?code=secret-two`);
      expect(discovery.status).toBe(200);
      await server.waitForOutput(/"path":"\/oidc\/\.well-known\/openid-configuration"/);
      await server.waitForOutput(/"path":"\/api\/v1\/health"/);
      const logged = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({ request_id: health.headers.get('X-Request-Id'), status: 200, method: 'GET' }),
      );
      expect(logged).toContainEqual(
        expect.objectContaining({ request_id: discovery.headers.get('X-Request-Id'), status: 200 }),
      );
      expect(server.output()).not.toMatch(/secret-one|secret-two/);

      // One request in flight that will finish, one that never sends its body.
      const slow = slowSubmission(server.url, submission(1));
      const stuck = slowSubmission(server.url, submission(2));
      const stuckClosed = new Promise<void>((resolve) => stuck.abandoned.once('close', () => resolve()));
      stuck.answered.catch(() => undefined);
      await Promise.all([slow.inFlight, stuck.inFlight]);

      server.child.kill('SIGTERM');
      await server.waitForOutput(/SIGTERM: no new connections/);
      // New connections are refused from now on.
      await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();

      slow.finish();
      const answer = await slow.answered;
      expect(answer.status).toBe(201);
      const receipt = JSON.parse(answer.body) as { id: number };

      // The request that never finishes is cut after the grace period, and the process exits cleanly.
      await stuckClosed;
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('Stopped.');

      // The write-ahead log was folded into the database file, and the answered submission is in it.
      const wal = path.join(dir, 'app.db-wal');
      expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
      expect(
        readDb(dir, (db) => db.prepare('SELECT id FROM supermatch_submissions WHERE id = ?').pluck().get(receipt.id)),
      ).toBe(receipt.id);
    },
  );

  it(
    'on SIGTERM a live stream ends at once and the process exits without waiting for its spectators',
    { timeout: 180_000 },
    async () => {
      const server = await start({ DATA_DIR: dataDir(), DEMO_DATA: 'true' });
      const { tournaments } = (await (await fetch(`${server.url}/api/v1/tournaments`)).json()) as {
        tournaments: { id: number; name: string }[];
      };
      const tonight = tournaments.find((t) => t.name === 'Friday Night Pulls')!;
      const res = await fetch(`${server.url}/api/v1/tournaments/${tonight.id}/live`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      const reader = res.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain(': live');
      const ended = (async () => {
        for (;;) if ((await reader.read()).done) return 'ended';
      })();
      const asked = Date.now();
      server.child.kill('SIGTERM');
      expect(await ended).toBe('ended');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      // Well inside the 10 s grace a request in flight is given: nothing waited for the stream.
      expect(Date.now() - asked).toBeLessThan(8000);
    },
  );

  it('SIGKILL during a burst of submissions loses none that was answered 201', { timeout: 240_000 }, async () => {
    const dir = dataDir();
    const server = await start({ DATA_DIR: dir });
    const TOTAL = 200;
    const BATCH = 20;
    const KILL_AFTER = 100;
    const receipts: { key: string; id: number; i: number }[] = [];
    let failed = 0;

    const send = async (i: number) => {
      const key = randomUUID();
      try {
        const res = await fetch(`${server.url}/api/v1/supermatch-submissions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: submission(i),
        });
        if (res.status !== 201) throw new Error(`status ${res.status}`);
        receipts.push({ key, i, id: ((await res.json()) as { id: number }).id });
        // Midway, with the rest of this batch still in flight: the crash.
        if (receipts.length === KILL_AFTER) server.child.kill('SIGKILL');
      } catch {
        failed += 1;
      }
    };
    for (let i = 0; i < TOTAL; i += BATCH) {
      await Promise.all(Array.from({ length: BATCH }, (_, j) => send(i + j)));
    }
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(receipts.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed).toBeGreaterThan(0);

    // Started again on the same data folder: every answered submission is there, once.
    const again = await start({ DATA_DIR: dir, PORT: new URL(server.url).port });
    const repeat = receipts[0]!;
    const resent = await fetch(`${again.url}/api/v1/supermatch-submissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': repeat.key },
      body: submission(repeat.i),
    });
    // The key's stored answer survived the crash too: a repeat gets the same receipt, nothing is stored twice.
    expect(resent.status).toBe(201);
    expect(((await resent.json()) as { id: number }).id).toBe(repeat.id);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);

    const { stored, integrity } = readDb(dir, (db) => ({
      stored: new Set(db.prepare('SELECT id FROM supermatch_submissions').pluck().all() as number[]),
      integrity: db.pragma('integrity_check', { simple: true }),
    }));
    expect(integrity).toBe('ok');
    expect(receipts.filter((r) => !stored.has(r.id))).toEqual([]);
  });
});
