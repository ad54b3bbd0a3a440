import type { OutboxEntry, OutboxKind } from '../../shared/outbox/entry.ts';
import { deleteEntry } from '../../shared/outbox/store.ts';
import type { SubmissionKind } from '../../shared/submission-kinds.ts';
import { createSignal } from '../lib/signal.ts';
import { announce } from './announce.ts';

/**
 * A refused entry opened again in its form ('Edit' in the outbox list). When
 * the corrected submission has been handed to the outbox, the refused entry
 * is dropped; until then it stays, so nothing typed is lost.
 */
export interface Draft {
  entryId: string;
  kind: SubmissionKind;
  payload: Record<string, unknown>;
}

const draft = createSignal<Draft | null>(null);
export const useDraft = draft.use;

export function editEntry(entry: OutboxEntry): void {
  if (!isEditable(entry.kind)) return;
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

export const EDITABLE: readonly SubmissionKind[] = ['supermatch', 'feedback'];
/** Whether a refused entry can be opened again in its form (a result is recorded again at the head table). */
export const isEditable = (kind: OutboxKind): kind is SubmissionKind => (EDITABLE as readonly string[]).includes(kind);
