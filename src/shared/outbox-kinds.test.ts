import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_KINDS } from './outbox-kinds.ts';
import { flushOutbox } from './outbox/sender.ts';
import { entry, json, mustGet, senderDeps, stubServer, type Call } from './outbox/sender.test-kit.ts';
import { putEntry } from './outbox/store.ts';
import { SUBMISSION_KINDS, SUBMISSION_PATHS, SUBMITTED_TEXT } from './submission-kinds.ts';

let calls: Call[];

beforeEach(async () => {
  const server = await stubServer();
  calls = server.calls;
  server.answer(() =>
    json(201, { id: 42, kind: 'feedback', status: 'received', created_at: '2025-01-01T00:00:00.000Z' }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outbox kinds', () => {
  it('each submission goes to its own path, and the server’s receipt is kept as its answer', async () => {
    for (const [i, kind] of SUBMISSION_KINDS.entries()) await putEntry(entry(kind, kind, 100 + i));
    await flushOutbox(senderDeps(OUTBOX_KINDS)());
    expect(calls.map((c) => [c.key, c.url])).toEqual(SUBMISSION_KINDS.map((k) => [k, SUBMISSION_PATHS[k]]));
    expect((await mustGet('feedback')).answer).toMatchObject({ id: 42, status: 'received' });
  });

  it('a submission delivered later says what its form says; the list names each kind and sums it up', () => {
    for (const kind of SUBMISSION_KINDS) expect(OUTBOX_KINDS[kind]!.delivered).toBe(SUBMITTED_TEXT[kind]);
    expect(OUTBOX_KINDS.supermatch!.summary!({ a: 'Ann Lee', b: 'Bea Cruz' })).toBe('Ann Lee vs Bea Cruz');
    expect(OUTBOX_KINDS.club!.summary!({ name: 'Iron Grip' })).toBe('Iron Grip');
    expect(OUTBOX_KINDS.match_result!).toMatchObject({ label: 'Match result', delivered: 'Result recorded.' });
  });

  it('only a refused supermatch result or feedback opens again in its form', () => {
    const editable = Object.entries(OUTBOX_KINDS)
      .filter(([, k]) => k.editable)
      .map(([name]) => name);
    expect(editable.sort()).toEqual(['feedback', 'supermatch']);
  });
});
