import {
  buildBracket,
  METHOD_LABELS,
  type BracketStructure,
  type MatchSpec,
  type Source,
} from '../../../../shared/tournament/index.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { TournamentMatch } from '../../../../shared/tournament-contract/match.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';

/**
 * What a category's draw sheet says, from the public read: the athletes in draw order, and every match of the
 * bracket's structure (the super final too, when the rules may pull it) with its two athletes, or where they come
 * from while not known, and its result once decided. The structure comes from the engine (the same for the same
 * number drawn), the names and results from the read. Pure, so it is tested without a page.
 */

/** Up to this many athletes a category's sheet is portrait; more, and it is printed landscape. */
export const PORTRAIT_MAX_ATHLETES = 16;
export type Orientation = 'portrait' | 'landscape';

export interface SheetSide {
  /** The athlete, once known. */
  name: string | null;
  club: string | null;
  /** The athlete's draw number (the athletes' list says it beside the name). */
  draw: number | null;
  /** While the athlete is not known: where they come from ('Winner of W1-3', 'Loser of W2-1'). */
  from: string;
  won: boolean;
}

export interface SheetMatch {
  code: string;
  bracket: 'W' | 'L' | 'F';
  round: number;
  a: SheetSide;
  b: SheetSide;
  /** The method's label once decided ('Pin'); null while a pen writes it. */
  method: string | null;
}

export interface SheetAthlete {
  /** Draw number, from 1. */
  draw: number;
  name: string;
  club: string | null;
}

export interface CategorySheet {
  id: number;
  name: string;
  /** 'Drawn by lot · seed 42'. */
  drawText: string;
  table: number | null;
  orientation: Orientation;
  athletes: SheetAthlete[];
  /** The athlete drawn into each slot (null: a bye's empty slot), for the byes' boxes. */
  slotAthletes: (SheetAthlete | null)[];
  structure: BracketStructure;
  /** By code: every match of the structure. */
  matches: ReadonlyMap<string, SheetMatch>;
}

/** 'Winner of W1-3', 'Loser of W2-1'; a draw slot is an athlete known from the draw. */
export function sourceText(source: Source): string {
  if (source.from === 'slot') return `Slot ${source.slot + 1}`;
  return `${source.from === 'winner' ? 'Winner' : 'Loser'} of ${source.match}`;
}

/** The categories a sheet can be printed for: drawn, with the athletes the engine can build a bracket of. */
export const isDrawn = (category: TournamentCategory) => category.slots.some((s) => s !== null);

/** The sheet of a drawn category (null when it is not drawn, or its read is not one the engine can rebuild). */
export function categorySheet(
  tournament: Pick<Tournament, 'settings'>,
  category: TournamentCategory,
): CategorySheet | null {
  if (!isDrawn(category)) return null;
  const size = category.slots.filter((s) => s !== null).length;
  let structure: BracketStructure;
  try {
    structure = buildBracket(size, { superFinal: tournament.settings.super_final });
  } catch {
    return null;
  }
  if (structure.slotCount !== category.slots.length) return null;
  const entries = new Map(category.entries.map((e) => [e.id, e]));
  const slotAthletes: (SheetAthlete | null)[] = category.slots.map(() => null);
  structure.slotOfDraw.forEach((slot, d) => {
    const entry = entries.get(category.slots[slot] ?? -1);
    if (entry) slotAthletes[slot] = { draw: d + 1, name: entry.name, club: entry.club };
  });
  const athletes = structure.slotOfDraw.flatMap((slot) => slotAthletes[slot] ?? []);
  const draws = new Map(structure.slotOfDraw.map((slot, d) => [category.slots[slot], d + 1]));
  const rows = new Map(category.matches.map((m) => [m.code, m]));
  const matches = new Map(
    structure.matches.map((spec) => [spec.code, sheetMatch(spec, rows.get(spec.code), entries, draws)]),
  );
  return {
    id: category.id,
    name: category.name,
    drawText: `Drawn ${category.method === 'rating' ? 'by rating' : 'by lot'}${category.seed !== null ? ` · seed ${category.seed}` : ''}`,
    table: category.table,
    orientation: size > PORTRAIT_MAX_ATHLETES ? 'landscape' : 'portrait',
    athletes,
    slotAthletes,
    structure,
    matches,
  };
}

function sheetMatch(
  spec: MatchSpec,
  row: TournamentMatch | undefined,
  entries: ReadonlyMap<number, { club: string | null }>,
  draws: ReadonlyMap<number | null | undefined, number>,
): SheetMatch {
  const side = (source: Source, name: string | null, entry: number | null, won: boolean): SheetSide => ({
    name,
    club: entry === null ? null : (entries.get(entry)?.club ?? null),
    draw: entry === null ? null : (draws.get(entry) ?? null),
    from: sourceText(source),
    won,
  });
  const decided = row?.status === 'done' && row.winner !== null;
  return {
    code: spec.code,
    bracket: spec.bracket,
    round: spec.round,
    a: side(spec.a, row?.a ?? null, row?.a_entry ?? null, decided && row.winner === 'A'),
    b: side(spec.b, row?.b ?? null, row?.b_entry ?? null, decided && row.winner === 'B'),
    method: decided && row.method ? METHOD_LABELS[row.method] : null,
  };
}

/** The sheets of a print: one category, or every drawn one of the tournament ('Print all'), in the read's order. */
export function tournamentSheets(tournament: Tournament, categoryId: number | undefined): CategorySheet[] {
  const chosen =
    categoryId === undefined ? tournament.categories : tournament.categories.filter((c) => c.id === categoryId);
  return chosen.flatMap((c) => categorySheet(tournament, c) ?? []);
}
