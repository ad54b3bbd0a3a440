import { keepsOlderClass } from '../association/categories.ts';
import type { Units } from '../../shared/association.ts';
import {
  buildBracket,
  categoryName,
  type CategoryState,
  deriveCategory,
  type Division,
  type EntryId,
  type Hand,
  type MatchResult,
  resultFor,
  type Sex,
  type TournamentSettings,
} from '../../shared/tournament/index.ts';
import { storedWeightIn, type StoredWeight } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';

/**
 * A tournament's rows as stored (migration 9), and a category loaded and derived with the shared engine: what is
 * stored is the draw (seed, slots) and the results by match; who is in which match, statuses and places are
 * derived again on every load, the same way the head table and the table devices derive them.
 */

export interface TournamentRow {
  id: number;
  event_id: number;
  name: string;
  super_final: number;
  fouls_to_lose: number;
  call_seconds: number;
  team_points: string;
  result_event_id: number | null;
  version: number;
  created_at: string;
  created_by: string;
}

export interface CategoryRow {
  id: number;
  tournament_id: number;
  sex: Sex;
  hand: Hand;
  weight_class: string;
  division: Division;
  /** The unit its class and weights are in (the association's when the category was made). */
  units: Units;
  method: 'lot' | 'rating' | null;
  seed: number | null;
  slots: string | null;
  drawn_at: string | null;
  published_at: string | null;
  published_by: string | null;
  table_no: number | null;
}

export interface EntryRow {
  id: number;
  category_id: number;
  athlete_id: number;
  name: string;
  sex: Sex;
  club: string | null;
  /** In the association's unit (stored with the unit it was entered in: shared/weights.ts). */
  weight: number | null;
}

interface ResultRow extends Omit<MatchResult, 'a' | 'b'> {
  code: string;
  entry_a: number;
  entry_b: number;
}

/** A result's own fields, without the entries it was recorded for (a conflict's, a correction's before and after). */
export const resultFields = (r: Omit<MatchResult, 'a' | 'b'>): Omit<MatchResult, 'a' | 'b'> => ({
  winner: r.winner,
  method: r.method,
  warnings_a: r.warnings_a,
  warnings_b: r.warnings_b,
  fouls_a: r.fouls_a,
  fouls_b: r.fouls_b,
});

export interface LoadedCategory {
  row: CategoryRow;
  /** 'Men · Right Hand · 80 kg · Pro': in its own unit, with the association's label of its division. */
  name: string;
  /** Drawn under classes the association has since changed: it keeps its own (association/categories.ts). */
  keptClass: boolean;
  settings: TournamentSettings;
  entries: EntryRow[];
  /** null before the draw. */
  state: CategoryState | null;
  /** Match id by code (every match of the structure, made at the draw). */
  matchIds: Map<string, number>;
}

export const settingsOf = (t: TournamentRow): TournamentSettings => ({
  super_final: t.super_final === 1,
  fouls_to_lose: t.fouls_to_lose,
  call_seconds: t.call_seconds,
  team_points: JSON.parse(t.team_points) as number[],
});

export function tournamentRow(db: Db, id: number): TournamentRow {
  const row = db.prepare('SELECT * FROM tournaments WHERE id = ?').get(id) as TournamentRow | undefined;
  if (!row) throw new HttpError(404, 'not_found', `No tournament ${id}.`);
  return row;
}

/** The category of this tournament, or 404. */
export function categoryRow(db: Db, tournamentId: number, categoryId: number): CategoryRow {
  const row = db
    .prepare('SELECT * FROM tournament_categories WHERE id = ? AND tournament_id = ?')
    .get(categoryId, tournamentId) as CategoryRow | undefined;
  if (!row) throw new HttpError(404, 'not_found', `No category ${categoryId} in tournament ${tournamentId}.`);
  return row;
}

const ENTRY_SELECT = `
  SELECT e.id, e.category_id, e.athlete_id, a.name, a.sex, e.club, e.weight, e.weight_unit, c.units AS category_units
  FROM tournament_entries e JOIN athletes a ON a.id = e.athlete_id
  JOIN tournament_categories c ON c.id = e.category_id`;

/**
 * Entry rows with their weights shown in their category's unit (the association's when the category was made: a
 * category keeps its class and unit when the association changes them), converted once from what was entered.
 */
function inUnit(rows: unknown[]): EntryRow[] {
  return (rows as (EntryRow & StoredWeight & { category_units: Units })[]).map(
    ({ weight_unit, category_units, ...e }) => ({
      ...e,
      weight: storedWeightIn({ weight: e.weight, weight_unit }, category_units),
    }),
  );
}

export function entriesOf(db: Db, categoryId: number): EntryRow[] {
  return inUnit(db.prepare(`${ENTRY_SELECT} WHERE e.category_id = ? ORDER BY e.id`).all(categoryId));
}

/** Every entry of a tournament, by category (one query for the public read). */
export function entriesByCategory(db: Db, tournamentId: number): Map<number, EntryRow[]> {
  const rows = inUnit(db.prepare(`${ENTRY_SELECT} WHERE c.tournament_id = ? ORDER BY e.id`).all(tournamentId));
  const by = new Map<number, EntryRow[]>();
  for (const r of rows) by.set(r.category_id, [...(by.get(r.category_id) ?? []), r]);
  return by;
}

function resultsOf(db: Db, categoryId: number): Record<string, MatchResult> {
  const rows = db
    .prepare(
      `SELECT m.code, r.winner, r.method, r.warnings_a, r.warnings_b, r.fouls_a, r.fouls_b, r.entry_a, r.entry_b
       FROM tournament_results r JOIN tournament_matches m ON m.id = r.match_id WHERE m.category_id = ?`,
    )
    .all(categoryId) as ResultRow[];
  const results: Record<string, MatchResult> = {};
  for (const { code, entry_a, entry_b, ...r } of rows) results[code] = resultFor(r, entry_a, entry_b);
  return results;
}

/**
 * A category's name: its class in the unit it was made in, its division as the association labels it now (a
 * division the association no longer lists reads as its code).
 */
export const categoryNameOf = (
  db: Db,
  row: Pick<CategoryRow, 'sex' | 'hand' | 'weight_class' | 'division' | 'units'>,
) => categoryName(row, { units: row.units, divisions: readAssociation(db).divisions });

/** A category with its entries, derived from its draw and its results (state null before the draw). */
export function loadCategory(
  db: Db,
  t: TournamentRow,
  row: CategoryRow,
  entries = entriesOf(db, row.id),
): LoadedCategory {
  const settings = settingsOf(t);
  const matchIds = new Map(
    (
      db.prepare('SELECT code, id FROM tournament_matches WHERE category_id = ?').all(row.id) as {
        code: string;
        id: number;
      }[]
    ).map((m) => [m.code, m.id]),
  );
  let state: CategoryState | null = null;
  if (row.slots !== null) {
    const slots = JSON.parse(row.slots) as (EntryId | null)[];
    const structure = buildBracket(slots.filter((s) => s !== null).length, { superFinal: settings.super_final });
    state = deriveCategory(structure, slots, resultsOf(db, row.id), settings);
  }
  const keptClass = keepsOlderClass(row, readAssociation(db));
  return { row, name: categoryNameOf(db, row), keptClass, settings, entries, state, matchIds };
}
