/**
 * A non-hash address of /events or /tournaments (with or
 * without a query) is rewritten to the hash form of /events, keeping the query.
 * Returns the address to replace the current one with, or null.
 */
export function rewritePlainPath(loc: { pathname: string; search: string; hash: string }): string | null {
  if (!/^\/(events|tournaments)\/?$/i.test(loc.pathname)) return null;
  if (loc.hash && loc.hash !== '#' && loc.hash !== '#/') return null;
  return `/#/events${loc.search}`;
}
