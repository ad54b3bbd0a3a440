/** The ratings page's query keys (the worker's news of a changed answer refreshes them: pwa/register.ts). */
export const ratingsKeys = {
  all: ['ratings'] as const,
  calibration: () => [...ratingsKeys.all, 'calibration'] as const,
};
