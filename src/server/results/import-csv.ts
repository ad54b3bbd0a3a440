import Papa from 'papaparse';
import type { Units } from '../../shared/association.ts';
import { localToday } from '../../shared/field-rules.ts';
import {
  createResultRowSchema,
  defaultEventShort,
  missingColumns,
  nameKey,
  normalizeColumnName,
  RESULTS_CSV_COLUMNS,
  type PlacementRow,
  type ResultRow,
  type ResultsCsvColumn,
  type SupermatchRow,
  unitColumn,
} from '../../shared/results-csv.ts';
import { readAssociation } from '../association/store.ts';
import type { Db } from '../db/connection.ts';
import { rerate, type RerateOutcome } from '../ratings/engine.ts';

/**
 * Imports a results CSV (format: `src/shared/results-csv.ts`, docs/data.md,
 * "Importing results") all or nothing. Three passes, and only the last writes:
 * the text is split into rows that keep their line numbers (a quoted cell may
 * span lines, so the line is counted from the parser's cursor, not the row
 * index); each row is checked on its own with the shared schema; the rows that
 * pass are then resolved against the database and against each other
 * (athletes, events, duplicates). Any error at all and nothing is written. The
 * resolve and write passes share one IMMEDIATE transaction, so the server
 * writing at the same moment can neither slip a duplicate in between nor make
 * the import fail half way; the rerate runs inside it too, so ratings never
 * disagree with the results.
 *
 * The file is read by the association's profile as it stands (read once, so
 * the unit the weights are checked in is the unit they are stored with): its
 * unit, its classes and its division codes. A header naming the other unit
 * (`weight_lbs` in a kilogram association) is refused on line 1: the import
 * never converts a file's weights.
 */

export interface ImportError {
  /** 1-based line of the file where the row starts; the header is line 1. */
  line: number;
  message: string;
}

export interface ImportSummary {
  athletesCreated: number;
  eventsCreated: number;
  placements: number;
  supermatches: number;
  /** Athletes whose weight / weighed_on the file changed (created ones included). */
  weightsUpdated: number;
  rerate: RerateOutcome;
}

export type ImportResult = { ok: true; summary: ImportSummary } | { ok: false; errors: ImportError[] };

export interface ImportOptions {
  /** Today's date (YYYY-MM-DD) for the "not in the future" rule; this machine's date by default. */
  today?: string;
  /** Check and apply everything, then roll back: the summary says what an import would do. */
  dryRun?: boolean;
}

interface CsvRecord {
  line: number;
  cells: string[];
  problem?: string;
}

const KNOWN_COLUMNS = new Set<string>(RESULTS_CSV_COLUMNS);

export function importResultsCsv(db: Db, csvText: string, opts: ImportOptions = {}): ImportResult {
  const text = csvText.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '')
    return fail([{ line: 1, message: 'the file is empty: expected a header row and result rows' }]);

  const [headerRecord, ...records] = splitRecords(text);
  if (!headerRecord) return fail([{ line: 1, message: 'the file is empty: expected a header row and result rows' }]);
  if (headerRecord.problem) return fail([{ line: headerRecord.line, message: `header: ${headerRecord.problem}` }]);
  if (records.length === 0)
    return fail([{ line: headerRecord.line, message: 'the file has a header but no result rows' }]);

  const association = readAssociation(db);
  const { header, otherUnit } = readHeader(headerRecord.cells, association.units);
  const headerErrors = [...otherUnit, ...checkHeader(header, records)];
  if (headerErrors.length) return fail(headerErrors.map((message) => ({ line: headerRecord.line, message })));

  const schema = createResultRowSchema({ today: () => opts.today ?? localToday(), association });
  const errors: ImportError[] = [];
  const rows: { line: number; row: ResultRow }[] = [];
  for (const rec of records) {
    if (rec.problem) {
      errors.push({ line: rec.line, message: rec.problem });
      continue;
    }
    const extra = rec.cells.slice(header.length).some((c) => c.trim() !== '');
    if (extra) {
      // Misaligned cells would only produce a cascade of misleading field errors.
      errors.push({
        line: rec.line,
        message: `has ${rec.cells.length} cells but the header has ${header.length} columns (a comma in a cell needs "double quotes")`,
      });
      continue;
    }
    const cells: Partial<Record<ResultsCsvColumn, string>> = {};
    let unnamed = false;
    rec.cells.forEach((value, i) => {
      const column = header[i];
      if (column) cells[column as ResultsCsvColumn] = value;
      else if (value.trim() !== '' && !unnamed) {
        unnamed = true;
        errors.push({ line: rec.line, message: `has a value in column ${i + 1}, which has no name in the header` });
      }
    });
    const parsed = schema.safeParse(cells);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({
          line: rec.line,
          message: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
        });
      }
    }
    if (parsed.success && !unnamed) rows.push({ line: rec.line, row: parsed.data });
  }

  const rollback = new DryRunRollback();
  let summary: ImportSummary | undefined;
  try {
    db.transaction(() => {
      const plan = resolve(db, rows, errors);
      if (errors.length) return;
      summary = write(db, plan, association.units);
      if (opts.dryRun) throw rollback;
    }).immediate();
  } catch (err) {
    if (err !== rollback) throw err;
  }
  if (errors.length || !summary) return fail(errors);
  return { ok: true, summary };
}

/** Thrown out of the transaction to undo a dry run. */
class DryRunRollback extends Error {}

function fail(errors: ImportError[]): ImportResult {
  // Stable: a row's problems stay in the order the schema found them.
  return { ok: false, errors: [...errors].sort((a, b) => a.line - b.line) };
}

/** CSV text (LF newlines) to records with the line each starts on; rows of blank cells are dropped. */
function splitRecords(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    newline: '\n',
    quoteChar: '"',
    step: (result) => {
      const end = result.meta.cursor;
      const rowLine = line;
      for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      start = end;
      const cells = result.data.map((c) => (typeof c === 'string' ? c : ''));
      if (result.errors.length) {
        const reasons = [...new Set(result.errors.map((e) => e.message))].join('; ');
        out.push({ line: rowLine, cells, problem: `cannot read this row: ${reasons} (check the double quotes)` });
      } else if (cells.some((c) => c.trim() !== '')) {
        out.push({ line: rowLine, cells });
      }
    },
  });
  return out;
}

/**
 * The header's column names, normalized; a weight column that names the association's unit ('weight_kg' in a
 * kilogram association) is read as the plain column. One that names the other unit is refused, by the name the
 * file gives it, and counts as its plain column so that it is not reported again as unknown or missing.
 */
function readHeader(cells: string[], units: Units): { header: string[]; otherUnit: string[] } {
  const otherUnit: string[] = [];
  const header = cells.map((cell) => {
    const name = normalizeColumnName(cell);
    const named = unitColumn(name);
    if (!named) return name;
    if (named.unit !== units) {
      const fix =
        named.column === 'weight'
          ? `convert the file's weights to ${units}`
          : `use the association's classes in ${units}`;
      otherUnit.push(
        `column "${cell.trim()}" is in ${named.unit}; this association weighs in ${units}: ${fix} and name the column ${named.column}`,
      );
    }
    return named.column;
  });
  return { header, otherUnit };
}


function checkHeader(header: string[], records: CsvRecord[]): string[] {
  const problems: string[] = [];
  const named = header.filter(Boolean);
  const unknown = [...new Set(named.filter((c) => !KNOWN_COLUMNS.has(c)))];
  if (unknown.length) {
    problems.push(
      `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')}; ` +
        `the columns are ${RESULTS_CSV_COLUMNS.join(', ')}`,
    );
  }
  const twice = [...new Set(named.filter((c, i) => named.indexOf(c) !== i))];
  if (twice.length)
    problems.push(
      `column${twice.length > 1 ? 's' : ''} ${twice.join(', ')} appear${twice.length > 1 ? '' : 's'} more than once`,
    );
  const typeAt = header.indexOf('type');
  const types = typeAt < 0 ? [] : records.map((r) => (r.cells[typeAt] ?? '').trim().toLowerCase());
  const missing = missingColumns(header, types);
  if (missing.length) problems.push(`missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return problems;
}

// ---- resolve: match names against the database and the rows above ----

interface AthleteRef {
  id?: number;
  name: string;
  sex: 'M' | 'F';
  /** Line that introduced a not-yet-stored athlete. */
  line?: number;
  weighedOn: string | null;
  /** In the association's unit. */
  newWeight?: { weight: number; date: string };
}

interface EventRef {
  id?: number;
  name: string;
  date: string;
  kind: 'tournament' | 'supermatch';
  shortName?: string;
  /** Where shortName came from, for the mismatch message. */
  shortFrom?: number;
}

interface Plan {
  athletes: AthleteRef[];
  events: EventRef[];
  placements: { event: EventRef; athlete: AthleteRef; row: PlacementRow }[];
  supermatches: { event?: EventRef; a: AthleteRef; b: AthleteRef; row: SupermatchRow }[];
}

const sexWord = (s: 'M' | 'F') => (s === 'M' ? 'M (men)' : 'F (women)');

function resolve(db: Db, rows: { line: number; row: ResultRow }[], errors: ImportError[]): Plan {
  const plan: Plan = { athletes: [], events: [], placements: [], supermatches: [] };

  const athletes = new Map<string, AthleteRef>();
  for (const a of db.prepare('SELECT id, name, sex, weighed_on FROM athletes ORDER BY id').all() as {
    id: number;
    name: string;
    sex: 'M' | 'F';
    weighed_on: string | null;
  }[]) {
    if (!athletes.has(nameKey(a.name)))
      athletes.set(nameKey(a.name), { id: a.id, name: a.name, sex: a.sex, weighedOn: a.weighed_on });
  }
  const athlete = (field: string, name: string, sex: 'M' | 'F', line: number): AthleteRef | undefined => {
    const found = athletes.get(nameKey(name));
    if (!found) {
      const created: AthleteRef = { name, sex, line, weighedOn: null };
      athletes.set(nameKey(name), created);
      plan.athletes.push(created);
      return created;
    }
    if (found.sex === sex) return found;
    errors.push({
      line,
      message:
        found.id !== undefined
          ? `${field}: "${found.name}" is already recorded as ${sexWord(found.sex)}, this row says ${sexWord(sex)}`
          : `${field}: "${found.name}" is ${sexWord(found.sex)} on line ${found.line}, this row says ${sexWord(sex)}`,
    });
    return undefined;
  };

  const events = new Map<string, EventRef>();
  const findEvent = db.prepare(
    'SELECT id, name, kind, short_name FROM result_events WHERE name = ? COLLATE NOCASE AND date = ? ORDER BY id LIMIT 1',
  );
  const event = (row: ResultRow & { event: string }, line: number): EventRef | undefined => {
    const key = `${row.date}\u0000${nameKey(row.event)}`;
    let ev = events.get(key);
    if (!ev) {
      const stored = findEvent.get(row.event, row.date) as
        { id: number; name: string; kind: EventRef['kind']; short_name: string } | undefined;
      ev = stored
        ? { id: stored.id, name: stored.name, date: row.date, kind: stored.kind, shortName: stored.short_name }
        : { name: row.event, date: row.date, kind: row.type === 'placement' ? 'tournament' : 'supermatch' };
      events.set(key, ev);
      if (!stored) plan.events.push(ev);
    }
    let ok = true;
    if (row.type === 'placement' && ev.kind === 'supermatch') {
      if (ev.id === undefined)
        ev.kind = 'tournament'; // a new event with placements is a tournament, supermatches or not
      else {
        ok = false;
        errors.push({
          line,
          message: `event: "${ev.name}" on ${ev.date} is stored as a supermatch card; placements need a tournament`,
        });
      }
    }
    if (row.event_short !== undefined) {
      if (ev.shortName === undefined) {
        ev.shortName = row.event_short;
        ev.shortFrom = line;
      } else if (ev.shortName !== row.event_short) {
        ok = false;
        const where =
          ev.id !== undefined && ev.shortFrom === undefined ? 'the stored event has' : `line ${ev.shortFrom} gives`;
        errors.push({
          line,
          message: `event_short: "${row.event_short}" differs from "${ev.shortName}" that ${where} for "${ev.name}" on ${ev.date}`,
        });
      }
    }
    return ok ? ev : undefined;
  };

  // One spelling per category, so "open" and "Open" never become two brackets.
  const categories = new Map<string, string>();
  for (const c of db.prepare('SELECT DISTINCT category FROM placements ORDER BY category').pluck().all() as string[]) {
    if (!categories.has(c.toLowerCase())) categories.set(c.toLowerCase(), c);
  }

  const placementSeen = new Map<string, number>();
  const placementStored = db.prepare(
    `SELECT 1 FROM placements WHERE event_id = ? AND hand = ? AND division = ? AND category = ?
     AND weight_class = ? AND athlete_id = ?`,
  );
  const matchSeen = new Map<string, number>();
  const matchStored = db.prepare(
    `SELECT 1 FROM supermatch_results WHERE date = ? AND hand = ? AND event_id IS ?
     AND ((athlete_a = ? AND athlete_b = ?) OR (athlete_a = ? AND athlete_b = ?))`,
  );

  for (const { line, row } of rows) {
    if (row.type === 'placement') {
      const category = categories.get(row.category.toLowerCase()) ?? row.category;
      categories.set(category.toLowerCase(), category);
      const a = athlete('athlete', row.athlete, row.sex, line);
      const ev = event(row, line);
      if (!a || !ev) continue;
      const key = [
        row.date,
        nameKey(ev.name),
        row.hand,
        row.division,
        category,
        row.weight_class,
        nameKey(a.name),
      ].join('\u0000');
      const what = `${a.name} is already placed in ${ev.name} ${row.date}, ${row.hand} ${row.division} ${category} ${row.weight_class}`;
      const earlier = placementSeen.get(key);
      if (earlier !== undefined) {
        errors.push({ line, message: `duplicate placement: ${what} on line ${earlier}` });
        continue;
      }
      placementSeen.set(key, line);
      if (
        ev.id !== undefined &&
        a.id !== undefined &&
        placementStored.get(ev.id, row.hand, row.division, category, row.weight_class, a.id)
      ) {
        errors.push({ line, message: `duplicate placement: ${what} (already in the database)` });
        continue;
      }
      if (row.weight !== undefined && (!a.newWeight || row.date >= a.newWeight.date))
        a.newWeight = { weight: row.weight, date: row.date };
      plan.placements.push({ event: ev, athlete: a, row: { ...row, category } });
    } else {
      const a = athlete('athlete', row.athlete, row.sex, line);
      const b = athlete('athlete_b', row.athlete_b, row.sex, line);
      const ev = row.event !== undefined ? event(row as SupermatchRow & { event: string }, line) : undefined;
      if (!a || !b || (row.event !== undefined && !ev)) continue;
      const pair = [nameKey(a.name), nameKey(b.name)].sort().join('\u0000');
      const key = [row.date, ev ? nameKey(ev.name) : '', row.hand, pair].join('\u0000');
      const what = `${a.name} vs ${b.name} (${row.hand}) on ${row.date}${ev ? ` at ${ev.name}` : ''}`;
      const earlier = matchSeen.get(key);
      if (earlier !== undefined) {
        errors.push({ line, message: `duplicate supermatch: ${what} is on line ${earlier} too` });
        continue;
      }
      matchSeen.set(key, line);
      const eventStored = ev === undefined || ev.id !== undefined;
      if (
        eventStored &&
        a.id !== undefined &&
        b.id !== undefined &&
        matchStored.get(row.date, row.hand, ev?.id ?? null, a.id, b.id, b.id, a.id)
      ) {
        errors.push({ line, message: `duplicate supermatch: ${what} is already in the database` });
        continue;
      }
      plan.supermatches.push({ event: ev, a, b, row });
    }
  }
  return plan;
}

// ---- write: only reached with no errors at all ----

function write(db: Db, plan: Plan, unit: Units): ImportSummary {
  // The file's weights are in the association's unit, and are stored as given, with it (migration 15).
  const insertAthlete = db.prepare(
    'INSERT INTO athletes (name, sex, weight, weight_unit, weighed_on) VALUES (?, ?, ?, ?, ?)',
  );
  for (const a of plan.athletes) {
    const w = a.newWeight;
    a.id = Number(
      insertAthlete.run(a.name, a.sex, w?.weight ?? null, w ? unit : null, w?.date ?? null).lastInsertRowid,
    );
  }
  const insertEvent = db.prepare('INSERT INTO result_events (kind, name, short_name, date) VALUES (?, ?, ?, ?)');
  for (const e of plan.events) {
    e.id = Number(
      insertEvent.run(e.kind, e.name, e.shortName ?? defaultEventShort(e.name, e.date), e.date).lastInsertRowid,
    );
  }
  // A weight counts when it is at least as recent as the one stored.
  const updateWeight = db.prepare('UPDATE athletes SET weight = ?, weight_unit = ?, weighed_on = ? WHERE id = ?');
  let weightsUpdated = plan.athletes.filter((a) => a.newWeight).length;
  const created = new Set(plan.athletes);
  for (const a of new Set(plan.placements.map((p) => p.athlete))) {
    if (created.has(a) || !a.newWeight || (a.weighedOn !== null && a.newWeight.date < a.weighedOn)) continue;
    updateWeight.run(a.newWeight.weight, unit, a.newWeight.date, a.id);
    weightsUpdated++;
  }
  const insertPlacement = db.prepare(
    `INSERT INTO placements (event_id, athlete_id, hand, sex, division, category, weight_class, place)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const { event, athlete, row } of plan.placements) {
    insertPlacement.run(
      event.id,
      athlete.id,
      row.hand,
      row.sex,
      row.division,
      row.category,
      row.weight_class,
      row.place,
    );
  }
  const insertMatch = db.prepare(
    `INSERT INTO supermatch_results (event_id, date, athlete_a, athlete_b, hand, a_wins, b_wins, best_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const { event, a, b, row } of plan.supermatches) {
    insertMatch.run(event?.id ?? null, row.date, a.id, b.id, row.hand, row.a_wins, row.b_wins, row.best_of);
  }
  return {
    athletesCreated: plan.athletes.length,
    eventsCreated: plan.events.length,
    placements: plan.placements.length,
    supermatches: plan.supermatches.length,
    weightsUpdated,
    rerate: rerate(db),
  };
}
