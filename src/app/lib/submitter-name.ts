import { STORAGE_KEYS } from './storage-keys.ts';
import { readStorage, writeStorage } from './storage.ts';

/**
 * The submitter's name is kept on this device under one key for every form
 * that asks for it, so it is typed once per device.
 */
export const SUBMITTER_NAME_KEY = STORAGE_KEYS.submitterName;

export function readSubmitterName(): string {
  return readStorage(SUBMITTER_NAME_KEY) ?? '';
}

/** A blank name (Anonymous) is remembered too: the field stays blank next time. */
export function rememberSubmitterName(name: string): void {
  const trimmed = name.trim();
  if (trimmed) writeStorage(SUBMITTER_NAME_KEY, trimmed);
  else {
    try {
      localStorage.removeItem(SUBMITTER_NAME_KEY);
    } catch {
      // Storage blocked: nothing was kept either.
    }
  }
}
