import Papa from 'papaparse';
import type { Units } from '../../shared/association.ts';
import { RESULTS_CSV_COLUMNS, type ResultsCsvColumn } from '../../shared/results-csv.ts';
import { storedWeightIn } from '../../shared/weights.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';

/**
 * Every rated result (tournament placements and supermatches) as a results
 * CSV in the import format (`src/shared/results-csv.ts`), so the file imports
 * back into an empty database with `npm run import` and rates to the same
 * numbers. Three things make that hold:
 * - the rating order breaks ties on a day by event and, inside a bracket, by
 *   athlete; the import numbers events and athletes in the order it first
 *   meets them, so placements are written in the rating order (event by
 *   event) and keep that order;
 * - supermatches on one day are rated in the order they were stored, so they
 *   are written by date, then as stored;
 * - an athlete's weight rides on their latest placement row, as the import
 *   keeps the weight of the latest-dated row (an athlete with supermatches
 *   only has no row that carries a weight, and is imported without one).
 * Cells are written as stored: a name starting with =, +, - or @ is not
 * prefixed with an apostrophe, because the import reads cells as text and the
 * apostrophe would become part of a different name.
 */
type Cells = Partial<Record<ResultsCsvColumn, string | number>>;

interface PlacementRow {
  id: number;
  athlete_id: number;
  date: string;
  event: string;
  event_short: string;
  hand: string;
  athlete: string;
  sex: string;
  division: string;
  category: string;
  weight_class: string;
  place: number;
  weight: number | null;
  weight_unit: Units | null;
}

interface SupermatchRow {
  date: string;
  event: string | null;
  event_short: string | null;
  hand: string;
  athlete: string;
  athlete_b: string;
  sex: string;
  a_wins: number;
  b_wins: number;
  best_of: number;
}

export function exportResultsCsv(db: Db): string {
  const units = readAssociation(db).units;
  const placements = db
    .prepare(
      `SELECT p.id, p.athlete_id, e.date, e.name AS event, e.short_name AS event_short, p.hand, a.name AS athlete,
              p.sex, p.division, p.category, p.weight_class, p.place, a.weight, a.weight_unit
       FROM placements p JOIN result_events e ON e.id = p.event_id JOIN athletes a ON a.id = p.athlete_id
       ORDER BY e.id, p.hand, p.division, p.category, p.weight_class, p.place, p.athlete_id`,
    )
    .all() as PlacementRow[];
  // Each athlete's latest placement (by date, then the last written): the row that carries the weight.
  const weightRow = new Map<number, PlacementRow>();
  for (const p of placements) {
    const kept = weightRow.get(p.athlete_id);
    if (p.weight !== null && (!kept || p.date >= kept.date)) weightRow.set(p.athlete_id, p);
  }
  const supermatches = db
    .prepare(
      `SELECT s.date, e.name AS event, e.short_name AS event_short, s.hand, a.name AS athlete, b.name AS athlete_b,
              a.sex, s.a_wins, s.b_wins, s.best_of
       FROM supermatch_results s JOIN athletes a ON a.id = s.athlete_a JOIN athletes b ON b.id = s.athlete_b
       LEFT JOIN result_events e ON e.id = s.event_id
       ORDER BY s.date, s.id`,
    )
    .all() as SupermatchRow[];

  const rows: Cells[] = [
    ...placements.map((p): Cells => ({
      type: 'placement',
      date: p.date,
      event: p.event,
      event_short: p.event_short,
      hand: p.hand,
      athlete: p.athlete,
      sex: p.sex,
      division: p.division,
      category: p.category,
      weight_class: p.weight_class,
      place: p.place,
      // In the association's unit, converted once from the weight as entered.
      weight: weightRow.get(p.athlete_id) === p ? String(storedWeightIn(p, units)) : '',
    })),
    ...supermatches.map((s): Cells => ({
      type: 'supermatch',
      date: s.date,
      event: s.event ?? '',
      event_short: s.event_short ?? '',
      hand: s.hand,
      athlete: s.athlete,
      athlete_b: s.athlete_b,
      sex: s.sex,
      a_wins: s.a_wins,
      b_wins: s.b_wins,
      best_of: s.best_of,
    })),
  ];
  const table = rows.map((r) => RESULTS_CSV_COLUMNS.map((c) => r[c] ?? ''));
  return Papa.unparse({ fields: [...RESULTS_CSV_COLUMNS], data: table }, { newline: '\r\n' }) + '\r\n';
}
