import type { Db } from '../db/connection.ts';
import { readInputFile } from '../cli/read-input.ts';
import { checkSheet, importSheet } from './sheet.ts';

/**
 * `npm run clubs -- import sheet.csv [--dry-run]`: replaces the members of the
 * clubs a club sheet names, all or nothing. Every bad cell is reported by its
 * row and column (as a spreadsheet shows them) and then nothing is saved.
 */
export const CLUBS_USAGE = `Usage:
  npm run clubs -- import <sheet.csv> [--dry-run]

  The sheet: each column's header a club's name (the club must exist), the names beneath it its members.
  --dry-run  check the sheet and report what would change, without saving anything`;

export interface CommandIo {
  log: (line: string) => void;
  error: (line: string) => void;
}

/** Runs the command; returns the exit code (0 done, 1 refused, 2 usage). */
export function runClubsCommand(db: Db, args: readonly string[], io: CommandIo): number {
  const [command, ...rest] = args;
  const dryRun = rest.includes('--dry-run');
  const files = rest.filter((a) => a !== '--dry-run');
  if (command !== 'import' || files.length !== 1 || files[0]!.startsWith('--')) {
    io.error(CLUBS_USAGE);
    return 2;
  }
  const file = files[0]!;
  const input = readInputFile(file);
  if ('error' in input) {
    io.error(input.error);
    return 1;
  }
  const checked = checkSheet(db, input.text);
  if (!checked.columns) {
    for (const p of checked.problems) io.error(`${file}: row ${p.row}, column ${p.column}: ${p.message}`);
    io.error(`${checked.problems.length} problem(s); nothing was imported.`);
    return 1;
  }
  const members = checked.columns.reduce((n, c) => n + c.members.length, 0);
  if (dryRun) {
    io.log(`${file} is fine: ${checked.columns.length} clubs, ${members} members. Nothing saved (--dry-run).`);
    return 0;
  }
  const done = importSheet(db, checked.columns, 'cli:clubs import');
  io.log(`Imported ${file}: ${done.clubs} clubs, ${done.members} members.`);
  return 0;
}
