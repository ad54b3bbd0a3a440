/**
 * The clubs' query keys, in a file of their own so the service worker's
 * refresh (pwa/register.ts, on the first screen) can name them without
 * pulling the clubs code into the first screen.
 */
export const clubKeys = {
  all: ['clubs'] as const,
  list: () => [...clubKeys.all, 'list'] as const,
  sheet: () => [...clubKeys.all, 'sheet'] as const,
};
