/**
 * The JSON text each parsed API answer came from. The saved query cache
 * (pwa/persist.ts) stores that text as it is instead of turning the object
 * into JSON again: for a leaderboard (three quarters of a megabyte with the
 * medals) that took three times as long as parsing it, a long task on a phone,
 * and the text was at hand all along.
 */
const texts = new WeakMap<object, string>();

export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (value && typeof value === 'object') texts.set(value, text);
  return value;
}

/** The text a value was parsed from, or the value as JSON when it was built here. */
export function jsonText(value: unknown): string {
  const text = value && typeof value === 'object' ? texts.get(value) : undefined;
  return text ?? JSON.stringify(value);
}
