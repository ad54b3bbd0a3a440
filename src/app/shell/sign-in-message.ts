import { createSignal } from '../lib/signal.ts';

/**
 * A message from the sign-in callback (the index route), for the shell to show. A signal, because the callback
 * can finish after the shell is on screen.
 */
export const signInMessage = createSignal<string | undefined>(undefined);

export function setSignInMessage(text: string): void {
  signInMessage.set(text);
}
