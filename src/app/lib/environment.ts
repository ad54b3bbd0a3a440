/**
 * Dev UI (skill numbers, movement arrows, challenge button, affiliate links,
 * chart without overlay) depends on the host, not the role:
 * beta, preview and local hosts are dev environments.
 */
export function isDevHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '127.0.0.1' || host === '::1' || host === '0.0.0.0') return true;
  return host.split(/[.-]/).some((part) => part === 'beta' || part === 'preview');
}

export const isDevEnvironment = typeof location !== 'undefined' && isDevHost(location.hostname);
