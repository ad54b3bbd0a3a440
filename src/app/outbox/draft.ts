import type { OutboxEntry } from '../../shared/outbox/entry.ts';
import { deleteEntry } from '../../shared/outbox/store.ts';
import { createSignal } from '../lib/signal.ts';
import { announce } from './announce.ts';

/**
 * A refused entry opened again in its form ('Edit' in the outbox list). When
 * the corrected submission has been handed to the outbox, the refused entry
 * is dropped; until then it stays, so nothing typed is lost.
 */
export interface Draft {
  entryId: string;
  /** Its kind: the form of that kind takes it. */
  kind: string;
  payload: Record<string, unknown>;
}

const draft = createSignal<Draft | null>(null);
export const useDraft = draft.use;

/**
 * Opens a refused entry in its form (the outbox list offers it only where the entry's kind declares it editable:
 * the kinds' declarations stay off the first screen, which has the forms).
 */
export function editEntry(entry: OutboxEntry): void {
  draft.set({ entryId: entry.id, kind: entry.kind, payload: (entry.payload ?? {}) as Record<string, unknown> });
}

/** The form took the draft in: it no longer waits to be picked up. */
export function clearDraft(): void {
  draft.set(null);
}

/** The corrected version was submitted: forget the refused one. */
export async function replaceEdited(entryId: string): Promise<void> {
  await deleteEntry(entryId);
  announce();
}
