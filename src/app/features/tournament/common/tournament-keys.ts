/**
 * The tournaments' query keys, in a file of their own so the service worker's refresh (pwa/register.ts, on the
 * first screen) can name them without pulling the brackets code in. Everything sits under `all`.
 */
export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: () => [...tournamentKeys.all, 'list'] as const,
  detail: (id: number) => [...tournamentKeys.all, id] as const,
};
