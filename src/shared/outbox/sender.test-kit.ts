import { vi } from 'vitest';
import type { OutboxEntry } from './entry.ts';
import type { OutboxKinds } from './kinds.ts';
import type { SenderDeps } from './sender.ts';
import { allEntries, deleteEntry, getEntry } from './store.ts';

/**
 * The sender's tests against a real (in-memory) IndexedDB (import 'fake-indexeddb/auto' first) and a stubbed fetch:
 * what goes on the wire for each entry, and what the entry says afterwards. Used by the generic sender's tests and
 * by each kind's declaration's.
 */
export const NOW = 1_700_000_000_000;

export interface Call {
  url: string;
  method: string | undefined;
  key: string | null;
  auth: string | null;
  body: unknown;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A waiting entry of `kind`, made at `createdAt`. */
export function entry(kind: string, id: string, createdAt: number, over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    kind,
    payload: { message: `from ${id}` },
    createdAt,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    auth: false,
    ...over,
  };
}

/** The sender's dependencies at a fixed time and jitter, with `kinds`. */
export const senderDeps =
  (kinds: OutboxKinds) =>
  (over: Partial<SenderDeps> = {}): SenderDeps => ({
    kinds,
    getToken: async () => null,
    now: () => NOW,
    random: () => 0.5,
    ...over,
  });

export const mustGet = async (id: string) => {
  const e = await getEntry(id);
  if (!e) throw new Error(`no entry ${id}`);
  return e;
};

/**
 * Empties the outbox and stands in for the server: every request is recorded in `calls`, and `answer` (settable,
 * 201 with `{ id: 1 }` to start) answers it. `vi.unstubAllGlobals()` puts fetch back.
 */
export async function stubServer(): Promise<{
  calls: Call[];
  answer: (respond: (call: Call) => Response | Promise<Response>) => void;
}> {
  for (const e of await allEntries()) await deleteEntry(e.id);
  const calls: Call[] = [];
  let respond: (call: Call) => Response | Promise<Response> = () => json(201, { id: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call: Call = {
        url,
        method: init.method,
        key: headers.get('Idempotency-Key'),
        auth: headers.get('Authorization'),
        body: JSON.parse(init.body as string) as unknown,
      };
      calls.push(call);
      return respond(call);
    }),
  );
  return { calls, answer: (r) => (respond = r) };
}
