/** The athlete details' query keys, apart from athlete-api.ts so the first screen's worker refresh can name them cheaply. */
export const athleteKeys = {
  all: ['athlete'] as const,
  byName: (name: string) => [...athleteKeys.all, name] as const,
};
