import type { WorkboxPlugin } from 'workbox-core';

/**
 * Stale-while-revalidate for the public API reads. The cache key drops the
 * app's `t` cache-buster, so every visit shares one entry. When a
 * revalidation brings a different answer (another ETag, or another length),
 * the worker tells the pages which URL changed; they refresh the matching
 * queries, which then read the fresh entry. Network failures and successes
 * are reported too, so a page knows it is looking at stored data.
 */
export type WorkerMessage =
  { type: 'api-updated'; path: string; search: string } | { type: 'network'; online: boolean };

export function cacheKeyWithoutBuster(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('t');
  u.searchParams.sort();
  return u.toString();
}

function signature(res: Response | undefined | null): string | null {
  if (!res) return null;
  return res.headers.get('etag') ?? res.headers.get('content-length');
}

/** `announceUpdates: false` for a network-first read: the page already has the answer that updated the copy. */
export function apiCachePlugin(
  post: (message: WorkerMessage) => void,
  opts = { announceUpdates: true },
): WorkboxPlugin {
  return {
    cacheKeyWillBeUsed: async ({ request }) => cacheKeyWithoutBuster(request.url),
    cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
    cacheDidUpdate: async ({ request, oldResponse, newResponse }) => {
      if (!opts.announceUpdates || !oldResponse || signature(oldResponse) === signature(newResponse)) return;
      const u = new URL(request.url);
      u.searchParams.delete('t');
      post({ type: 'api-updated', path: u.pathname, search: u.search });
    },
    fetchDidSucceed: async ({ response }) => {
      post({ type: 'network', online: true });
      return response;
    },
    fetchDidFail: async () => post({ type: 'network', online: false }),
  };
}
