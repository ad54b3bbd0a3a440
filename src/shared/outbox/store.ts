import { createStore, del, get, set, update, values } from 'idb-keyval';
import { IDB } from '../storage-names.ts';
import type { OutboxEntry } from './entry.ts';

/**
 * The outbox's IndexedDB store, shared by the page and the service worker.
 * Every write is its own IndexedDB transaction, so a crash between two steps
 * leaves each entry whole: at worst one marked 'sending' that was not sent,
 * which the next flush (under the send lock) sends again with the same key.
 */
const store = () => createStore(IDB.outbox.database, IDB.outbox.store);
let cached: ReturnType<typeof store> | undefined;
const db = () => (cached ??= store());

export const putEntry = (entry: OutboxEntry) => set(entry.id, entry, db());
export const getEntry = (id: string) => get<OutboxEntry>(id, db());
export const deleteEntry = (id: string) => del(id, db());
export const allEntries = () => values<OutboxEntry>(db());

/** Read-modify-write in one transaction; a missing entry stays missing. */
export function patchEntry(id: string, patch: (e: OutboxEntry) => Partial<OutboxEntry>): Promise<void> {
  return update<OutboxEntry | undefined>(id, (e) => (e ? { ...e, ...patch(e) } : undefined), db());
}

/** Sent entries are kept a week so the list can show them, then dropped. */
export async function pruneSent(now: number, keepMs = 7 * 24 * 3600 * 1000): Promise<void> {
  for (const e of await allEntries()) {
    if (e.state === 'sent' && (e.sentAt ?? 0) < now - keepMs) await deleteEntry(e.id);
  }
}
