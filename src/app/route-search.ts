/**
 * Each route's search parameters, read leniently: a value of the wrong kind is left out, so a mistyped or
 * stale link (`?div=Nope`, `?id=abc`, an unknown club) opens the screen as if it were not there, never an
 * error screen. The router hands these functions the query as it decoded it (text, or a number or true/false
 * where the text is exactly one), and they never throw. Each returns every key it knows, a bad one as undefined:
 * the router lays a route's result over the query as it came, so a key left out would keep its bad value. (The
 * router's strict search mode then leaves unknown keys and empty values out of the address.) Written by hand
 * rather than with zod: the router and these validators are on the first screen's JavaScript, and zod is not.
 */
type Raw = Record<string, unknown>;

/** Text of at most 200 characters, trimmed; a number the router decoded is its text again. */
function text(value: unknown): string | undefined {
  const s =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' || typeof value === 'boolean'
        ? `${value}`
        : '';
  return s && s.length <= 200 ? s : undefined;
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? +value : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function oneOf<T extends string>(value: unknown, values: readonly T[]): T | undefined {
  return (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

const DIVISIONS = ['Women', 'Men'] as const;

/** The address the sign-in provider sends the user back to: `/?code=…&state=…` (or `error=…`). */
export interface SignInReturnSearch {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}
export const signInReturnSearch = (s: Raw): SignInReturnSearch => ({
  code: text(s.code),
  state: text(s.state),
  error: text(s.error),
});

export interface LeaderboardsSearch {
  /** The athlete whose popup is open. */
  ath?: string | undefined;
  div?: (typeof DIVISIONS)[number] | undefined;
  /** 'athlete': back from a club opened in the athlete popup (the popup opens again by ath and div). */
  goto?: 'athlete' | undefined;
}
export const leaderboardsSearch = (s: Raw): LeaderboardsSearch => ({
  ath: text(s.ath),
  div: oneOf(s.div, DIVISIONS),
  goto: oneOf(s.goto, ['athlete'] as const),
});

export interface EventsSearch {
  /** The event whose details are open, by id or by name. */
  id?: number | undefined;
  event?: string | undefined;
  /** 'supermatch': opened from a supermatch card, which the details lead back to. */
  from?: 'supermatch' | undefined;
}
export const eventsSearch = (s: Raw): EventsSearch => ({
  id: positiveInt(s.id),
  event: text(s.event),
  from: oneOf(s.from, ['supermatch'] as const),
});

export interface SupermatchesSearch {
  /** The event whose cards are shown, and the card scrolled to. */
  event?: string | undefined;
  match?: string | undefined;
}
export const supermatchesSearch = (s: Raw): SupermatchesSearch => ({ event: text(s.event), match: text(s.match) });

export interface ClubsSearch {
  /** The club whose sheet is open. */
  club?: string | undefined;
  /** 'athlete': opened from the athlete popup of `ath` in `div`, which the club's Back opens again. */
  from?: 'athlete' | undefined;
  ath?: string | undefined;
  div?: (typeof DIVISIONS)[number] | undefined;
}
export const clubsSearch = (s: Raw): ClubsSearch => ({
  club: text(s.club),
  from: oneOf(s.from, ['athlete'] as const),
  ath: text(s.ath),
  div: oneOf(s.div, DIVISIONS),
});

export interface BracketsSearch {
  /** The tournament shown, its category open, and the name 'Find an athlete' looks for. */
  tournament?: number | undefined;
  category?: number | undefined;
  athlete?: string | undefined;
}
export const bracketsSearch = (s: Raw): BracketsSearch => ({
  tournament: positiveInt(s.tournament),
  category: positiveInt(s.category),
  athlete: text(s.athlete),
});

export interface TvSearch {
  /** The tournament the hall's TV shows. */
  tournament?: number | undefined;
}
export const tvSearch = (s: Raw): TvSearch => ({ tournament: positiveInt(s.tournament) });

/** A tournament and, optionally, one of its categories. */
export interface TournamentCategorySearch {
  tournament?: number | undefined;
  category?: number | undefined;
}
const tournamentCategorySearch = (s: Raw): TournamentCategorySearch => ({
  tournament: positiveInt(s.tournament),
  category: positiveInt(s.category),
});
/** The draw sheets: the tournament printed, and its one category (none: every drawn category, 'Print all'). */
export type DrawSheetSearch = TournamentCategorySearch;
export const drawSheetSearch = tournamentCategorySearch;
/** The head table: the tournament at it (without it, the list to choose from) and its category at hand. */
export type HeadTableSearch = TournamentCategorySearch;
export const headTableSearch = tournamentCategorySearch;

export interface TableSearch {
  /** The table link's secret (kept on the device, then taken out of the address). */
  key?: string | undefined;
}
export const tableSearch = (s: Raw): TableSearch => ({ key: text(s.key) });

export interface SetupSearch {
  /** The setup link's one-time token (auth/setup.ts on the server). */
  token?: string | undefined;
  /** 'claim': back from the sign-in the setup screen started, which goes on to set up without a second tap. */
  step?: 'claim' | undefined;
}
export const setupSearch = (s: Raw): SetupSearch => ({ token: text(s.token), step: oneOf(s.step, ['claim'] as const) });

/** The admin screen's panels an address can open at. */
export const ADMIN_PANELS = ['association'] as const;
export interface AdminSearch {
  /** The panel scrolled to: its element's id (the association form, where a new admin lands after setup). */
  panel?: (typeof ADMIN_PANELS)[number] | undefined;
}
export const adminSearch = (s: Raw): AdminSearch => ({ panel: oneOf(s.panel, ADMIN_PANELS) });
