import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_KINDS } from '../outbox-kinds.ts';
import type { OutboxEntry } from '../outbox/entry.ts';
import { flushOutbox } from '../outbox/sender.ts';
import { entry, json, mustGet, NOW, senderDeps, stubServer, type Call } from '../outbox/sender.test-kit.ts';
import { putEntry } from '../outbox/store.ts';
import {
  deliveredVersion,
  MATCH_RESULT_KIND,
  matchResultPath,
  resultContext,
  type ResultContext,
} from './result-outbox.ts';

/** A match's result through the real sender with the real declarations: the head table's, a table device's. */
const REF = { tournament: 4, category: 12, match: 91, code: 'W1-1', a: 7, b: 8 };
const result = (id: string, createdAt: number, context: ResultContext = REF, over: Partial<OutboxEntry> = {}) =>
  entry(MATCH_RESULT_KIND, id, createdAt, {
    payload: { winner: 'A', method: 'pin' },
    auth: !context.key,
    context,
    ...over,
  });
const deps = senderDeps(OUTBOX_KINDS);

let calls: Call[];
let answer: (call: Call) => Response | Promise<Response>;

beforeEach(async () => {
  const server = await stubServer();
  calls = server.calls;
  answer = () => json(200, { match: { id: 91, code: 'W1-1', status: 'done' }, version: 12 });
  server.answer((call) => answer(call));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a match result in the outbox', () => {
  it("the head table's goes to its match's path with the admin's token at send time, once; its version is kept", async () => {
    await putEntry(result('r', 100));
    const outcome = await flushOutbox(deps({ getToken: async () => 'admin-token' }));
    expect(calls.map((c) => [c.url, c.key, c.auth])).toEqual([
      [matchResultPath(REF.tournament, REF.match), 'r', 'Bearer admin-token'],
    ]);
    expect(calls[0]!.url).toBe('/api/v1/tournaments/4/matches/91/result');
    expect(outcome.delivered).toEqual(['r']);
    // The tournament's version that holds it: a read of that version or later has it (device-plan.ts).
    const sent = await mustGet('r');
    expect(sent).toMatchObject({ state: 'sent' });
    expect(deliveredVersion(sent)).toBe(12);
    await flushOutbox(deps({ now: () => NOW + 3600_000 }));
    expect(calls).toHaveLength(1);
  });

  it("a table device's goes with its table key, and the worker (no session) may send it", async () => {
    await putEntry(result('t', 100, { ...REF, key: 'secret-3' }));
    await putEntry(result('h', 200));
    await flushOutbox(deps({ getToken: async () => 'admin-token' }), { only: (e) => !e.auth });
    expect(calls.map((c) => [c.key, c.auth])).toEqual([['t', 'Table secret-3']]);
  });

  it('a 409 is the server’s answer about the match, final; results go in the order they were tapped', () => {
    // What these flags do is the sender's, tested with its own kinds (outbox/sender.test.ts).
    expect(OUTBOX_KINDS[MATCH_RESULT_KIND]).toMatchObject({ conflictIsFinal: true, ordered: true });
  });

  describe('kept by a build before the outbox knew no kinds (its fields of its own), it is still delivered', () => {
    const legacy = (id: string, fields: Record<string, unknown>) =>
      entry(MATCH_RESULT_KIND, id, 100, { payload: { winner: 'B', method: 'fouls' }, ...fields });

    it("a table device's: to its path with its key, and its match read back", async () => {
      const old = legacy('t', { path: matchResultPath(4, 91), table: 'k9', match: REF, auth: false });
      await putEntry(old);
      await flushOutbox(deps());
      expect(calls.map((c) => [c.url, c.auth])).toEqual([['/api/v1/tournaments/4/matches/91/result', 'Table k9']]);
      expect(resultContext(old)).toEqual({ ...REF, key: 'k9' });
    });

    it("the head table's: to its path with the admin's token", async () => {
      await putEntry(legacy('h', { path: matchResultPath(4, 93), auth: true }));
      await flushOutbox(deps({ getToken: async () => 'admin-token' }));
      expect(calls.map((c) => [c.url, c.auth])).toEqual([
        ['/api/v1/tournaments/4/matches/93/result', 'Bearer admin-token'],
      ]);
    });

    it('a delivered one keeps the version it named', () => {
      expect(deliveredVersion(legacy('v', { state: 'sent', version: 7 }))).toBe(7);
    });
  });
});
