import Papa from 'papaparse';
import { readClubSheet, type ClubSheetColumn } from '../../shared/club-rules.ts';
import type { Db } from '../db/connection.ts';
import { log } from '../log.ts';

/**
 * The club sheet: one column per club, its name as the header and its members'
 * names beneath. Served at GET /sheets/clubs.csv so the app always reads a real
 * CSV: the configured published sheet (CLUBS_SHEET_CSV_URL) relayed, or,
 * without one or when it cannot be read, the sheet built from the database.
 */

/** The database's sheet: clubs by name, each column its members in sheet order. */
export function buildSheetCsv(db: Db): string {
  const clubs = db.prepare('SELECT id, name FROM clubs ORDER BY name COLLATE NOCASE').all() as {
    id: number;
    name: string;
  }[];
  const members = db.prepare('SELECT name FROM club_members WHERE club_id = ? ORDER BY position').pluck();
  const listed = db
    .prepare(
      `SELECT name FROM athletes a WHERE club_id = ?
         AND NOT EXISTS (SELECT 1 FROM club_members m WHERE m.club_id = a.club_id AND m.name = a.name)
       ORDER BY name COLLATE NOCASE`,
    )
    .pluck();
  const columns = clubs.map((c) => [...(members.all(c.id) as string[]), ...(listed.all(c.id) as string[])]);
  const height = Math.max(0, ...columns.map((c) => c.length));
  const rows = [clubs.map((c) => c.name)];
  for (let i = 0; i < height; i++) rows.push(columns.map((col) => col[i] ?? ''));
  // A leading =, +, - or @ is left as typed: the sheet is names, read as data, never opened as formulas here.
  return Papa.unparse(rows, { newline: '\r\n' }) + '\r\n';
}

/** What a relayed sheet is kept for before it is fetched again. */
export const SHEET_CACHE_MS = 60_000;
/** How long the published sheet may take to answer. */
export const SHEET_TIMEOUT_MS = 5_000;
/** The largest sheet relayed. */
const SHEET_MAX_BYTES = 2 * 1024 * 1024;

export interface SheetSource {
  /** The CSV to serve: the published sheet while it can be read, else the database's. */
  csv(): Promise<{ csv: string; source: 'sheet' | 'database' }>;
}

/**
 * The sheet source for a server: without a URL the database's sheet each time;
 * with one, the published sheet, kept SHEET_CACHE_MS, and the database's sheet
 * while it fails (a failure is retried after the same wait).
 */
export function sheetSource(db: Db, url: string | undefined, now = () => Date.now()): SheetSource {
  let kept: { csv: string; at: number } | undefined;
  let failedAt: number | undefined;
  let inFlight: Promise<string> | undefined;

  async function fetchSheet(u: string): Promise<string> {
    const res = await fetch(u, { signal: AbortSignal.timeout(SHEET_TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) throw new Error(`the club sheet answered ${res.status}`);
    const text = await res.text();
    if (text.length > SHEET_MAX_BYTES) throw new Error('the club sheet is too large');
    // A sign-in page or an error page instead of a CSV: refuse it rather than relay it.
    if (/^\s*</.test(text)) throw new Error('the club sheet answered HTML, not CSV');
    return text;
  }

  return {
    async csv() {
      if (!url) return { csv: buildSheetCsv(db), source: 'database' };
      const t = now();
      if (kept && t - kept.at < SHEET_CACHE_MS) return { csv: kept.csv, source: 'sheet' };
      if (failedAt !== undefined && t - failedAt < SHEET_CACHE_MS) {
        return kept ? { csv: kept.csv, source: 'sheet' } : { csv: buildSheetCsv(db), source: 'database' };
      }
      try {
        inFlight ??= fetchSheet(url).finally(() => (inFlight = undefined));
        const csv = await inFlight;
        kept = { csv, at: now() };
        failedAt = undefined;
        return { csv, source: 'sheet' };
      } catch (err) {
        failedAt = now();
        log.warn(`Club sheet not read (${(err as Error).message}); serving the database's sheet.`);
        return { csv: buildSheetCsv(db), source: 'database' };
      }
    },
  };
}

/** A problem in a sheet being imported, where a person finds it (1-based, as a spreadsheet shows them). */
export interface SheetProblem {
  row: number;
  column: string;
  message: string;
}

/** Spreadsheet column letters: 0 -> A, 26 -> AA. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const NAME_MAX = 120;

/**
 * Checks a sheet for import against the clubs the database has. Every bad cell
 * is reported: a name under a blank header, a header naming no club, a name
 * too long or with control characters, a name under two clubs (an athlete has
 * one club). Returns the columns when there is no problem.
 */
export function checkSheet(
  db: Db,
  text: string,
): { columns: ClubSheetColumn[]; problems: [] } | { columns: undefined; problems: SheetProblem[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: false });
  const rows = parsed.data;
  const problems: SheetProblem[] = [];
  for (const e of parsed.errors) {
    problems.push({ row: (e.row ?? 0) + 1, column: '-', message: `not valid CSV: ${e.message}` });
  }
  const header = rows[0] ?? [];
  if (!header.some((h) => h.trim())) problems.push({ row: 1, column: 'A', message: 'the first row names no club' });
  const known = new Set((db.prepare('SELECT name FROM clubs').pluck().all() as string[]).map((n) => n.toLowerCase()));
  const clubOfName = new Map<string, string>();
  const width = Math.max(0, ...rows.map((r) => r.length));
  for (let col = 0; col < width; col++) {
    const club = (header[col] ?? '').trim();
    const letter = columnLetter(col);
    if (club) {
      if (CONTROL.test(club))
        problems.push({ row: 1, column: letter, message: 'the club name has control characters' });
      else if (!known.has(club.toLowerCase())) {
        problems.push({ row: 1, column: letter, message: `no club named "${club}" (create it first)` });
      }
    }
    for (let r = 1; r < rows.length; r++) {
      const name = (rows[r]?.[col] ?? '').trim();
      if (!name) continue;
      const at = { row: r + 1, column: letter };
      if (!club) problems.push({ ...at, message: `"${name}" is under a column with no club name` });
      else if (CONTROL.test(name)) problems.push({ ...at, message: 'the name has control characters' });
      else if (name.length > NAME_MAX)
        problems.push({ ...at, message: `the name is longer than ${NAME_MAX} characters` });
      else {
        const other = clubOfName.get(name.toLowerCase());
        if (other !== undefined && other.toLowerCase() !== club.toLowerCase()) {
          problems.push({ ...at, message: `"${name}" is already listed under ${other}` });
        } else clubOfName.set(name.toLowerCase(), club);
      }
    }
  }
  if (problems.length) return { columns: undefined, problems };
  return { columns: readClubSheet(rows), problems: [] };
}

/**
 * Replaces the listed clubs' members with the sheet's, in one transaction.
 * Athletes named in a column get that club; athletes of a listed club whom the
 * sheet no longer lists lose it (clubs the sheet leaves out keep theirs).
 * Each club whose members changed gets a club_edits row.
 */
export function importSheet(
  db: Db,
  columns: ClubSheetColumn[],
  who: string,
  now = new Date(),
): { clubs: number; members: number } {
  return db.transaction(() => {
    let members = 0;
    for (const { club, members: names } of columns) {
      const id = db.prepare('SELECT id FROM clubs WHERE name = ?').pluck().get(club) as number;
      const before = db
        .prepare('SELECT name FROM club_members WHERE club_id = ? ORDER BY position')
        .pluck()
        .all(id) as string[];
      db.prepare('DELETE FROM club_members WHERE club_id = ?').run(id);
      const insert = db.prepare('INSERT INTO club_members (club_id, position, name) VALUES (?, ?, ?)');
      names.forEach((name, i) => insert.run(id, i, name));
      db.prepare('UPDATE athletes SET club_id = NULL, club_leader = 0 WHERE club_id = ?').run(id);
      const setClub = db.prepare('UPDATE athletes SET club_id = ?, club_leader = 0 WHERE name = ?');
      for (const name of names) setClub.run(id, name);
      // Leaders keep their crown while they are members of the club they lead.
      const leaders = JSON.parse(
        db.prepare('SELECT leaders FROM clubs WHERE id = ?').pluck().get(id) as string,
      ) as string[];
      const crown = db.prepare('UPDATE athletes SET club_leader = 1 WHERE club_id = ? AND name = ?');
      for (const l of leaders) crown.run(id, l);
      if (JSON.stringify(before) !== JSON.stringify(names)) {
        db.prepare('INSERT INTO club_edits (club_id, edited_by, edited_at, changes) VALUES (?, ?, ?, ?)').run(
          id,
          who,
          now.toISOString(),
          JSON.stringify({ members: { from: before, to: names } }),
        );
      }
      members += names.length;
    }
    // The leaderboards carry each athlete's club: their cached answers and tags must move.
    db.prepare(
      `INSERT INTO settings (key, value) VALUES ('results_version', '1')
       ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`,
    ).run();
    return { clubs: columns.length, members };
  })();
}
