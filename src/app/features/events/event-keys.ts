/**
 * The events' query keys, in a file of their own so the service worker's
 * refresh (pwa/register.ts, on the first screen) can name them without pulling
 * the events code into the first screen. Everything sits under `all`, so
 * invalidating it reaches the admin list, the livestreams and the image lists.
 */
export const eventKeys = {
  all: ['events'] as const,
  admin: (sub: string) => [...eventKeys.all, 'admin', sub] as const,
  live: (id: number) => [...eventKeys.all, id, 'live'] as const,
  images: (id: number) => [...eventKeys.all, id, 'images'] as const,
};
