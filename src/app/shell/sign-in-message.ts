/** A message from the sign-in callback, handed from start-up to the first screen. */
let message: string | undefined;

export function setSignInMessage(text: string): void {
  message = text;
}

export function takeSignInMessage(): string | undefined {
  const m = message;
  message = undefined;
  return m;
}
