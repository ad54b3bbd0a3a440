import { apiErrorOf } from '../api-error.ts';
import { OUTBOX_CHANNEL, OUTBOX_LOCK, type OutboxEntry, type OutboxMessage } from './entry.ts';
import type { OutboxKind, OutboxKinds } from './kinds.ts';
import { allEntries, patchEntry } from './store.ts';

/**
 * Delivers due outbox entries, oldest first, from the page or the service
 * worker. Only one sender runs at a time anywhere (a Web Lock); another
 * context that finds the lock taken leaves the work to the one holding it,
 * which keeps going until nothing is due. Transient trouble (network, timeout,
 * 5xx, 408, 429) keeps the entry for a later try with backoff and jitter;
 * any other 4xx marks it failed with the server's message. What differs between kinds of entry comes from their
 * declarations (`kinds`), never from their names.
 */
export interface SenderDeps {
  /** The declaration of every kind it may meet (outbox-kinds.ts). */
  kinds: OutboxKinds;
  /** The bearer token current now, or null. */
  getToken: () => Promise<string | null>;
  now?: () => number;
  timeoutMs?: number;
  random?: () => number;
}

export interface FlushResult {
  delivered: string[];
  /** Something due could not be sent now: the caller may ask to be woken later. */
  retryLater: boolean;
  skipped?: boolean;
}

export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(2000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
  return Math.round(base * (0.5 + random()));
}

function retryAfterMs(res: Response): number | undefined {
  const v = res.headers.get('retry-after');
  if (!v) return undefined;
  const seconds = Number(v);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function notify(message: OutboxMessage) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/**
 * The message of a refusal's `{ error }` body, read with the shared schema. The schema (and zod) load only
 * when a refusal comes: the page's sender is on the first screen, zod is not.
 */
async function refusal(res: Response): Promise<{ message: string | null; code: string | null }> {
  const e = apiErrorOf(await res.json().catch(() => null));
  return { message: e?.message ?? null, code: e?.code ?? null };
}

type Attempt =
  | { outcome: 'sent'; answer: unknown }
  | { outcome: 'retry'; waitMs?: number | undefined; reason: string }
  | { outcome: 'failed'; reason: string };

const busy = (res: Response): Attempt => ({
  outcome: 'retry',
  waitMs: retryAfterMs(res),
  reason: `The server is busy (${res.status}).`,
});

async function attempt(entry: OutboxEntry, kind: OutboxKind | undefined, deps: Required<SenderDeps>): Promise<Attempt> {
  const headers = new Headers({ 'Content-Type': 'application/json', 'Idempotency-Key': entry.id });
  const path = kind?.path(entry);
  if (!kind || !path) return { outcome: 'failed', reason: 'Nowhere to send it.' };
  const own = kind.authorization?.(entry);
  if (own) headers.set('Authorization', own);
  else if (entry.auth) {
    const token = await deps.getToken().catch(() => null);
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), deps.timeoutMs);
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(entry.payload),
      signal: abort.signal,
      cache: 'no-store',
    });
    if (res.ok) {
      const body: unknown = await res.json().catch(() => null);
      return { outcome: 'sent', answer: kind.keep ? kind.keep(body) : body };
    }
    if (res.status >= 500 || res.status === 408 || res.status === 429) return busy(res);
    const { message, code } = await refusal(res);
    // 409 is the same key still being processed (wait and send again), unless the kind says a 409 answers the
    // entry itself (a result's match not ready, or decided otherwise): sending again cannot change that.
    if (res.status === 409 && (!kind.conflictIsFinal || code === 'request_in_progress')) return busy(res);
    return { outcome: 'failed', reason: message ?? `The server refused it (${res.status}).` };
  } catch {
    return { outcome: 'retry', reason: 'No connection to the server.' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether an entry must wait for an older one: its kind is ordered (kinds.ts) and an older entry of that kind is
 * still due. (A refused one, 'failed', no longer holds the others back: the server has answered it.) A device
 * records for one table or the head table, so one queue per kind is its order.
 */
const behind = (kinds: OutboxKinds, due: OutboxEntry[], i: number) =>
  !!kinds[due[i]!.kind]?.ordered && due.slice(0, i).some((e) => e.kind === due[i]!.kind);

async function run(
  deps: Required<SenderDeps>,
  only?: (e: OutboxEntry) => boolean,
  dueNow?: boolean,
): Promise<FlushResult> {
  const delivered: string[] = [];
  const tried = new Set<string>();
  for (;;) {
    // `dueNow`: the connection just came back, so the backoff has done its job: try each entry once now.
    const now = dueNow ? Infinity : deps.now();
    const due = (await allEntries())
      .filter((e) => (e.state === 'waiting' || e.state === 'sending') && (!only || only(e)))
      .sort((a, b) => a.createdAt - b.createdAt);
    const next = due.find((e, i) => e.nextAttemptAt <= now && !tried.has(e.id) && !behind(deps.kinds, due, i));
    if (!next) return { delivered, retryLater: due.length > 0 };
    tried.add(next.id);
    await patchEntry(next.id, () => ({ state: 'sending' }));
    notify({ type: 'changed' });
    const result = await attempt(next, deps.kinds[next.kind], deps);
    if (result.outcome === 'sent') {
      await patchEntry(next.id, () => ({ state: 'sent', sentAt: deps.now(), answer: result.answer, error: undefined }));
      delivered.push(next.id);
      notify({ type: 'delivered', id: next.id, kind: next.kind });
    } else if (result.outcome === 'failed') {
      await patchEntry(next.id, () => ({ state: 'failed', error: result.reason }));
      notify({ type: 'changed' });
    } else {
      await patchEntry(next.id, (e) => ({
        state: 'waiting',
        attempts: e.attempts + 1,
        nextAttemptAt: deps.now() + (result.waitMs ?? backoffMs(e.attempts + 1, deps.random)),
        error: result.reason,
      }));
      notify({ type: 'changed' });
      // The server is unreachable or busy: the rest waits for the next trigger.
      return { delivered, retryLater: true };
    }
  }
}

/**
 * Sends what is due. `only` narrows what this context may send (the service
 * worker has no way to get a signed-in user's token, so it leaves those to the page).
 * Without `wait` or `dueNow`, a context that finds another one sending leaves the work to it. With `dueNow`
 * (the connection is back, or the user pressed Resend) waiting entries go now, whatever their backoff, after
 * whoever is sending has finished.
 */
export async function flushOutbox(
  deps: SenderDeps,
  opts: { only?: (e: OutboxEntry) => boolean; wait?: boolean; dueNow?: boolean } = {},
): Promise<FlushResult> {
  const { only, wait, dueNow } = opts;
  const full: Required<SenderDeps> = {
    now: () => Date.now(),
    timeoutMs: 15_000,
    random: Math.random,
    ...deps,
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return run(full, only, dueNow);
  // `wait`: queue behind whoever is sending (a fresh submit wants its own answer); else leave it to them.
  // `dueNow` queues too: the sender there goes by the backoff and would leave the entries it skips for later.
  return locks.request(OUTBOX_LOCK, { ifAvailable: !(wait || dueNow) }, async (lock) =>
    lock ? run(full, only, dueNow) : { delivered: [], retryLater: true, skipped: true },
  );
}
