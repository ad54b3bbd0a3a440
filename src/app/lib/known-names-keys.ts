/** The known names' query key, apart from known-names.ts so the first screen's worker refresh can name it cheaply. */
export const knownNamesKeys = {
  all: ['known-names'] as const,
};
