import { createSignal } from '../lib/signal.ts';

/** A new version's worker waits for the user's word: the prompt shows while this is true. */
export const updateWaiting = createSignal(false);
export const useUpdateWaiting = updateWaiting.use;
