import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's IP for records and rate limits. It comes from the socket; the
 * X-Forwarded-For header is anyone's to write, so it is read only when the
 * operator says a proxy in front sets it (TRUST_PROXY), and then only its
 * first address. Never from a request body.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first && first.length <= 64 && /^[0-9A-Fa-f:.]+$/.test(first)) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}
