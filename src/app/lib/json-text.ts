/**
 * What each parsed API answer came from: the answer's own bytes (a Blob) when it was read from the network, or
 * the JSON text. The saved query cache (pwa/persist.ts) stores that as it is instead of turning the object into
 * JSON again (for a leaderboard, three quarters of a megabyte with the medals, three times as long as parsing it)
 * or handing IndexedDB the text: IndexedDB copies a string on the main thread (11 to 17 ms for the men's
 * leaderboard here, a long task on a phone), while it takes a Blob in well under a millisecond.
 */
export type JsonSource = Blob | string;

const sources = new WeakMap<object, JsonSource>();

/** Parses JSON text; `source` is what to save for the value (the bytes the text was read from), else the text. */
export function parseJson(text: string, source: JsonSource = text): unknown {
  const value: unknown = JSON.parse(text);
  if (value && typeof value === 'object') sources.set(value, source);
  return value;
}

/** What to save for a value: what it was parsed from, or the value as JSON when it was built here. */
export function jsonSource(value: unknown): JsonSource {
  const source = value && typeof value === 'object' ? sources.get(value) : undefined;
  return source ?? JSON.stringify(value);
}

/** The JSON text of a saved source. */
export async function sourceText(source: JsonSource): Promise<string> {
  return typeof source === 'string' ? source : source.text();
}
