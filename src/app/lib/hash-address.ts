/**
 * The router reads the address from the hash alone, and writes each address it makes after whatever stands
 * before the hash. So an address that comes with a path or a query before the hash is moved into the hash
 * before the router starts, as it is, and the route tree says what it means: a plain /events?id=2 link opens
 * #/events?id=2, /tournaments goes on to the events, and the sign-in provider's return, /?code=…&state=…, is
 * #/?code=…&state=… (the index route completes the sign-in). /index.html is the root. When the hash already
 * holds an address, that one counts and what stands before it is dropped.
 *
 * Returns the address to put in place of the current one, or null when it is a plain hash address already.
 */
export function hashAddressOf(loc: { pathname: string; search: string; hash: string }): string | null {
  const path = loc.pathname.replace(/\/index\.html$/i, '/');
  if (loc.pathname === '/' && !loc.search) return null;
  return loc.hash && loc.hash !== '#' && loc.hash !== '#/' ? `/${loc.hash}` : `/#${path}${loc.search}`;
}
