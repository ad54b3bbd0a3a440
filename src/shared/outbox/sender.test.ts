import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './entry.ts';
import type { OutboxKinds } from './kinds.ts';
import { backoffMs, flushOutbox } from './sender.ts';
import { getEntry, putEntry } from './store.ts';
import { entry as entryOf, json, mustGet, NOW, senderDeps, stubServer, type Call } from './sender.test-kit.ts';

/**
 * The sender against a real (in-memory) IndexedDB and a stubbed fetch: what goes on the wire for each entry, and what
 * the entry says afterwards. The sender knows no kinds: these tests declare their own, and each real kind's
 * declaration is tested beside it (submission-kinds, tournament-contract/result-outbox).
 */
interface Step {
  to?: string;
  key?: string;
}
const KINDS: OutboxKinds = {
  note: { path: () => '/api/v1/notes', label: 'Note', delivered: 'Noted.' },
  tip: { path: () => '/api/v1/tips', label: 'Tip', delivered: 'Thanks.' },
  box: { path: () => '/api/v1/boxes', label: 'Box', delivered: 'Boxed.' },
  /** A kind like a match's result: its own path and key, in order, its 409 final, a version kept of its answer. */
  step: {
    path: (e) => (e.context as Step | undefined)?.to,
    authorization: (e) => {
      const key = (e.context as Step | undefined)?.key;
      return key ? `Table ${key}` : undefined;
    },
    ordered: true,
    conflictIsFinal: true,
    keep: (body) => ({ version: (body as { version?: number } | null)?.version }),
    label: 'Step',
    delivered: 'Stepped.',
  },
};

let calls: Call[];
let answer: (call: Call) => Response | Promise<Response>;

const receipt = (id: number) => ({ id, status: 'received' });
const entry = (id: string, createdAt: number, over: Partial<OutboxEntry> = {}) => entryOf('note', id, createdAt, over);
const deps = senderDeps(KINDS);

beforeEach(async () => {
  const server = await stubServer();
  calls = server.calls;
  answer = () => json(201, receipt(1));
  server.answer((call) => answer(call));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('flushOutbox', () => {
  it('posts due entries oldest first, each with its id as Idempotency-Key and its payload as body', async () => {
    // Written out of order: the store's order must not decide the sending order.
    await putEntry(entry('c', 300, { kind: 'tip', payload: { name: 'Gym C' } }));
    await putEntry(entry('a', 100, { kind: 'box', payload: { location: 'Here' } }));
    await putEntry(entry('b', 200));

    const result = await flushOutbox(deps());

    expect(calls).toEqual([
      { url: '/api/v1/boxes', method: 'POST', key: 'a', auth: null, body: { location: 'Here' } },
      { url: '/api/v1/notes', method: 'POST', key: 'b', auth: null, body: { message: 'from b' } },
      { url: '/api/v1/tips', method: 'POST', key: 'c', auth: null, body: { name: 'Gym C' } },
    ]);
    expect(result).toEqual({ delivered: ['a', 'b', 'c'], retryLater: false });
  });

  it('201: the entry is sent, with its answer (the receipt) and the time it was sent', async () => {
    await putEntry(entry('a', 100, { attempts: 2, error: 'No connection to the server.' }));
    answer = () => json(201, receipt(42));

    await flushOutbox(deps());

    expect(await getEntry('a')).toMatchObject({ state: 'sent', sentAt: NOW, answer: receipt(42), error: undefined });
    // Sent entries are not sent again.
    await flushOutbox(deps());
    expect(calls).toHaveLength(1);
  });

  it('marks the entry sending before the request leaves', async () => {
    await putEntry(entry('a', 100));
    let stateDuringSend: string | undefined;
    answer = async () => {
      stateDuringSend = (await getEntry('a'))?.state;
      return json(201, receipt(1));
    };
    await flushOutbox(deps());
    expect(stateDuringSend).toBe('sending');
  });

  it.each([
    ['503', () => json(503, { error: { message: 'down' } })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['408', () => json(408, {})],
    ['409 (the same key still in progress)', () => json(409, {})],
  ])('%s: the entry waits with backoff and the pass stops', async (_name, failure) => {
    await putEntry(entry('a', 100, { attempts: 1 }));
    await putEntry(entry('b', 200));
    answer = failure;

    const result = await flushOutbox(deps());

    expect(calls.map((c) => c.key)).toEqual(['a']);
    expect(result).toEqual({ delivered: [], retryLater: true });
    const a = await mustGet('a');
    expect(a.state).toBe('waiting');
    expect(a.attempts).toBe(2);
    expect(a.nextAttemptAt).toBeGreaterThan(NOW);
    expect(a.nextAttemptAt).toBe(NOW + backoffMs(2, () => 0.5));
    expect(a.error).toBeTruthy();
    expect((await mustGet('b')).state).toBe('waiting');
    expect((await mustGet('b')).attempts).toBe(0);
  });

  it('a waiting entry is not tried before its time, and is tried once the time comes', async () => {
    await putEntry(entry('a', 100));
    answer = () => json(503, {});
    await flushOutbox(deps());
    const { nextAttemptAt } = await mustGet('a');

    expect(await flushOutbox(deps({ now: () => nextAttemptAt - 1 }))).toEqual({ delivered: [], retryLater: true });
    expect(calls).toHaveLength(1);

    answer = () => json(201, receipt(7));
    expect(await flushOutbox(deps({ now: () => nextAttemptAt }))).toEqual({ delivered: ['a'], retryLater: false });
    expect(calls.map((c) => c.key)).toEqual(['a', 'a']);
  });

  it('dueNow (the connection is back): waiting entries go at once, whatever their backoff, each tried once', async () => {
    await putEntry(entry('a', 100));
    await putEntry(entry('b', 200));
    answer = () => json(503, {});
    await flushOutbox(deps());
    expect((await mustGet('a')).nextAttemptAt).toBeGreaterThan(NOW);

    answer = () => json(201, receipt(8));
    expect(await flushOutbox(deps(), { dueNow: true })).toEqual({ delivered: ['a', 'b'], retryLater: false });
    expect(calls.map((c) => c.key)).toEqual(['a', 'a', 'b']);

    // Still down: one try each, then the pass ends instead of looping.
    await putEntry(entry('c', 300));
    answer = () => json(503, {});
    expect(await flushOutbox(deps(), { dueNow: true })).toEqual({ delivered: [], retryLater: true });
    expect(calls.map((c) => c.key)).toEqual(['a', 'a', 'b', 'c']);
  });

  it('dueNow while another tab is sending: it waits for that tab, then sends what waits (the trigger is not lost)', async () => {
    // Web Locks as the browser has them: one holder; ifAvailable gets null when taken, else a FIFO queue.
    let held: Promise<unknown> = Promise.resolve();
    let busy = false;
    vi.stubGlobal('navigator', {
      locks: {
        request: (_name: string, opts: { ifAvailable?: boolean }, cb: (lock: object | null) => Promise<unknown>) => {
          if (opts.ifAvailable && busy) return cb(null);
          const run = held.then(async () => {
            busy = true;
            try {
              return await cb({});
            } finally {
              busy = false;
            }
          });
          held = run.catch(() => undefined);
          return run;
        },
      },
    });
    await putEntry(entry('a', 100));
    await putEntry(entry('b', 200, { attempts: 3, nextAttemptAt: NOW + 60_000 }));
    let release!: () => void;
    answer = (call) =>
      call.key === 'a'
        ? new Promise((resolve) => (release = () => resolve(json(201, receipt(1)))))
        : json(201, receipt(2));
    const other = flushOutbox(deps());
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['a']));
    const back = flushOutbox(deps(), { dueNow: true });
    release();
    expect(await other).toEqual({ delivered: ['a'], retryLater: true });
    expect(await back).toEqual({ delivered: ['b'], retryLater: false });
    expect((await mustGet('b')).state).toBe('sent');
  });

  it("429 with Retry-After: 7 waits exactly the server's 7 seconds", async () => {
    await putEntry(entry('a', 100));
    answer = () => json(429, {}, { 'Retry-After': '7' });

    await flushOutbox(deps());

    expect(await getEntry('a')).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: NOW + 7000 });
  });

  it("other 4xx: the entry fails with the server's message and is not retried", async () => {
    await putEntry(entry('a', 100));
    await putEntry(entry('b', 200));
    answer = (call) => (call.key === 'a' ? json(400, { error: { message: 'X' } }) : json(201, receipt(2)));

    const result = await flushOutbox(deps());

    // A refused entry does not hold up the ones behind it.
    expect(result).toEqual({ delivered: ['b'], retryLater: false });
    expect(await getEntry('a')).toMatchObject({ state: 'failed', error: 'X', attempts: 0 });
    await flushOutbox(deps({ now: () => NOW + 24 * 3600_000 }));
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
  });

  it('a 4xx without a message in the body fails with the status', async () => {
    await putEntry(entry('a', 100));
    answer = () => new Response('nope', { status: 422 });
    await flushOutbox(deps());
    expect(await getEntry('a')).toMatchObject({ state: 'failed', error: 'The server refused it (422).' });
  });

  it('an entry left sending by a crash mid-send is sent again with the same key', async () => {
    await putEntry(entry('crashed', 100, { state: 'sending', attempts: 0 }));

    const result = await flushOutbox(deps());

    expect(calls.map((c) => c.key)).toEqual(['crashed']);
    expect(result.delivered).toEqual(['crashed']);
    expect((await mustGet('crashed')).state).toBe('sent');
  });

  it('a request that never answers is abandoned at the timeout and retried later with the same key', async () => {
    await putEntry(entry('a', 100));
    // The sender aborts through the signal; the stub rejects the way fetch does.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({
          url,
          method: init.method,
          key: new Headers(init.headers).get('Idempotency-Key'),
          auth: null,
          body: null,
        });
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }),
    );

    const result = await flushOutbox(deps({ timeoutMs: 20 }));

    expect(result).toEqual({ delivered: [], retryLater: true });
    expect(await getEntry('a')).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(calls.map((c) => c.key)).toEqual(['a']);
  });

  it('only: entries it rejects are left alone', async () => {
    await putEntry(entry('signed-in', 100, { auth: true }));
    await putEntry(entry('anonymous', 200));

    const result = await flushOutbox(deps({ getToken: async () => 'tok' }), { only: (e) => !e.auth });

    expect(calls.map((c) => c.key)).toEqual(['anonymous']);
    expect(result.delivered).toEqual(['anonymous']);
    expect(await getEntry('signed-in')).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('sends the bearer token only for signed-in entries', async () => {
    await putEntry(entry('anonymous', 100));
    await putEntry(entry('signed-in', 200, { auth: true }));
    const getToken = vi.fn(async () => 'tok-1');

    await flushOutbox(deps({ getToken }));

    expect(calls.map((c) => [c.key, c.auth])).toEqual([
      ['anonymous', null],
      ['signed-in', 'Bearer tok-1'],
    ]);
  });

  it('a signed-in entry without a token (signed out meanwhile) goes without Authorization', async () => {
    await putEntry(entry('signed-in', 100, { auth: true }));
    await flushOutbox(deps({ getToken: () => Promise.reject(new Error('expired')) }));
    expect(calls.map((c) => [c.key, c.auth])).toEqual([['signed-in', null]]);
  });

  it('reads the token at send time: a renewed token between two flushes is the one sent', async () => {
    await putEntry(entry('signed-in', 100, { auth: true }));
    let token = 'old-token';
    const getToken = async () => token;
    answer = () => json(503, {});
    await flushOutbox(deps({ getToken }));

    token = 'new-token';
    answer = () => json(201, receipt(3));
    await flushOutbox(deps({ getToken, now: () => NOW + 3600_000 }));

    expect(calls.map((c) => [c.key, c.auth])).toEqual([
      ['signed-in', 'Bearer old-token'],
      ['signed-in', 'Bearer new-token'],
    ]);
    expect((await mustGet('signed-in')).state).toBe('sent');
  });

  describe('a kind declared like a match result (its own path and key, ordered, its 409 final)', () => {
    const path = '/api/v1/tournaments/4/matches/91/result';
    const result = (id: string, createdAt: number, over: Partial<OutboxEntry> = {}, step: Step = {}) =>
      entryOf('step', id, createdAt, {
        payload: { winner: 'A', method: 'pin' },
        auth: true,
        context: { to: path, ...step },
        ...over,
      });

    it("goes to its declared path with the admin's token at send time, once: sent, what it keeps kept", async () => {
      await putEntry(result('r', 100));
      answer = () => json(200, { match: { id: 91, code: 'W1-1', status: 'done' }, version: 12 });
      const outcome = await flushOutbox(deps({ getToken: async () => 'admin-token' }));
      expect(calls).toEqual([
        {
          url: '/api/v1/tournaments/4/matches/91/result',
          method: 'POST',
          key: 'r',
          auth: 'Bearer admin-token',
          body: { winner: 'A', method: 'pin' },
        },
      ]);
      expect(outcome.delivered).toEqual(['r']);
      // What the kind keeps of the answer: for a result, the tournament's version that holds it (device-plan.ts).
      expect(await mustGet('r')).toMatchObject({ state: 'sent', answer: { version: 12 } });
      await flushOutbox(deps({ now: () => NOW + 3600_000 }));
      expect(calls).toHaveLength(1);
    });

    it('a 409 about the match (decided otherwise, or not ready) fails it with the server’s message', async () => {
      await putEntry(result('r', 100));
      answer = () => json(409, { error: { code: 'match_decided', message: 'This match is already decided.' } });
      await flushOutbox(deps({ getToken: async () => 'admin-token' }));
      expect(await getEntry('r')).toMatchObject({ state: 'failed', error: 'This match is already decided.' });
    });

    it('a 409 for the same key still in progress waits and is sent again', async () => {
      await putEntry(result('r', 100));
      answer = () =>
        json(409, { error: { code: 'request_in_progress', message: 'Try again shortly.' } }, { 'Retry-After': '1' });
      await flushOutbox(deps({ getToken: async () => 'admin-token' }));
      expect(await getEntry('r')).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: NOW + 1000 });
    });

    it("an entry with an authorization of its own (a table device's key) goes with it instead of a bearer token", async () => {
      await putEntry(result('t', 100, { auth: false }, { key: 'secret-3' }));
      await flushOutbox(deps({ getToken: async () => 'admin-token' }));
      expect(calls.map((c) => c.auth)).toEqual(['Table secret-3']);
    });

    it('never overtakes an older one of its kind waiting out its backoff; other kinds still go', async () => {
      await putEntry(result('early', 100, { auth: false, nextAttemptAt: NOW + 60_000 }, { key: 'k3' }));
      await putEntry(result('late', 200, { auth: false }, { key: 'k3' }));
      await putEntry(entry('note', 300));
      await flushOutbox(deps());
      expect(calls.map((c) => c.key)).toEqual(['note']);
      expect(await getEntry('late')).toMatchObject({ state: 'waiting' });
      await flushOutbox(deps({ now: () => NOW + 60_000 }));
      expect(calls.map((c) => c.key)).toEqual(['note', 'early', 'late']);
    });

    it('after a refused one (409) the later ones of its kind still go, in order', async () => {
      await putEntry(result('a', 100, { auth: false }, { key: 'k3' }));
      await putEntry(result('b', 200, { auth: false }, { key: 'k3' }));
      answer = (c) =>
        c.key === 'a' ? json(409, { error: { code: 'already_decided', message: 'Decided.' } }) : json(200, {});
      await flushOutbox(deps());
      expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
      expect(await getEntry('a')).toMatchObject({ state: 'failed', error: 'Decided.' });
      expect(await getEntry('b')).toMatchObject({ state: 'sent' });
    });

    it('without a path it fails rather than going anywhere', async () => {
      await putEntry(result('r', 100, { context: {} }));
      await flushOutbox(deps());
      expect(calls).toEqual([]);
      expect(await getEntry('r')).toMatchObject({ state: 'failed', error: 'Nowhere to send it.' });
    });
  });
});

it('an entry of a kind nobody declared fails rather than going anywhere', async () => {
  await putEntry(entryOf('unknown', 'u', 100));
  await flushOutbox(deps());
  expect(calls).toEqual([]);
  expect(await getEntry('u')).toMatchObject({ state: 'failed', error: 'Nowhere to send it.' });
});
describe('backoffMs', () => {
  const fixed = () => 0.5;

  it('doubles from 2 s with each attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, fixed))).toEqual([2000, 4000, 8000, 16_000, 32_000]);
  });

  it('is capped at 5 minutes', () => {
    expect(backoffMs(8, fixed)).toBe(256_000);
    expect(backoffMs(9, fixed)).toBe(5 * 60_000);
    expect(backoffMs(50, fixed)).toBe(5 * 60_000);
    expect(backoffMs(5000, fixed)).toBe(5 * 60_000);
  });

  it('jitters between half and one and a half times the step', () => {
    expect(backoffMs(3, () => 0)).toBe(4000);
    expect(backoffMs(3, () => 0.999)).toBe(Math.round(8000 * 1.499));
  });
});
