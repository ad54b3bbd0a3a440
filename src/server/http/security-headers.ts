import { YOUTUBE_EMBED_ORIGIN } from '../../shared/youtube.ts';

/** One year, subdomains included: once a browser has seen the https site it never tries plain http again. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries, also the identity provider's pages. The policy
 * allows no inline script anywhere; the issuer's origin is allowed for the
 * silent-renew iframe and token calls when an external provider is used.
 * When the public address is https (`publicUrl`), HSTS keeps browsers on it; a
 * plain-http address (a laptop, the tests) gets none, or the browser would
 * refuse the site.
 */
export function securityHeaders(opts: {
  issuerOrigin?: string | undefined;
  publicUrl?: string | undefined;
}): Record<string, string> {
  const extra = opts.issuerOrigin ? ` ${opts.issuerOrigin}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    // The livestream player comes from YouTube's privacy-enhanced origin.
    `frame-src 'self'${extra} ${YOUTUBE_EMBED_ORIGIN}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(opts.publicUrl?.startsWith('https:') ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
