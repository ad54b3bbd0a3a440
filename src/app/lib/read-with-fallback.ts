import { getFile, NetworkError } from './api.ts';
import { setUnderConstruction } from './under-construction.ts';

/**
 * A public read with the build's fallback file behind it, as the leaderboards
 * and the events do: the API first; when that fails, the page is marked under
 * construction and the block is read from /fallback.json. Out of reach of the
 * server with data already on screen (restored from this device), the read
 * throws so the query keeps that data: being offline is not a backend failure.
 */
export async function readWithFallback<T>(
  fromApi: () => Promise<T>,
  fromFallback: (file: unknown) => T,
  onScreen: unknown,
): Promise<{ data: T; fallback: boolean }> {
  try {
    const data = await fromApi();
    setUnderConstruction(false);
    return { data, fallback: false };
  } catch (err) {
    if (err instanceof NetworkError && onScreen) throw err;
    setUnderConstruction(true);
    return { data: fromFallback(await readFallbackFile()), fallback: true };
  }
}

/** The build's fallback file, or null when it cannot be read either. */
export function readFallbackFile(): Promise<unknown> {
  return getFile('/fallback.json', 'json').catch(() => null);
}
