/**
 * Runs `run` at the browser's next idle moment (at the latest after
 * `timeout` ms); where there is no requestIdleCallback (Safari), after
 * `fallbackMs`. Returns the cancel.
 */
export function whenIdle(run: () => void, timeout: number, fallbackMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, fallbackMs);
  return () => clearTimeout(id);
}
