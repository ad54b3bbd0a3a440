import type { Club } from '../../../shared/clubs.ts';

/** What the clubs page can be narrowed by: a name or city search, a region, in-state clubs only. */
export interface ClubFilters {
  query: string;
  region: string;
  inStateOnly: boolean;
}

export const NO_FILTERS: ClubFilters = { query: '', region: '', inStateOnly: false };

export const hasFilters = (f: ClubFilters) => f.query.trim() !== '' || f.region !== '' || f.inStateOnly;

/** Case and accents ignored, runs of spaces as one. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The clubs that pass every filter, in the order given (the list comes sorted). */
export function filterClubs<C extends Pick<Club, 'name' | 'city' | 'region' | 'out_of_state'>>(
  clubs: readonly C[],
  f: ClubFilters,
): C[] {
  const q = fold(f.query);
  return clubs.filter(
    (c) =>
      (!q || fold(c.name).includes(q) || fold(c.city ?? '').includes(q)) &&
      (!f.region || c.region === f.region) &&
      (!f.inStateOnly || !c.out_of_state),
  );
}

/** The regions the clubs name, each once, alphabetical. */
export function regionsOf(clubs: readonly Pick<Club, 'region'>[]): string[] {
  const set = new Set(clubs.map((c) => c.region?.trim()).filter((r): r is string => !!r));
  return [...set].sort((a, b) => a.localeCompare(b));
}
