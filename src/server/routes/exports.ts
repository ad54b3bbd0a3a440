import { Hono, type Context } from 'hono';
import Papa from 'papaparse';
import { LEADERBOARD_CSV_COLUMNS, leaderboardExportQuerySchema } from '../../shared/exports.ts';
import type { Hand } from '../../shared/rankings.ts';
import type { AppDeps } from '../deps.ts';
import { sendTagged } from '../http/etag.ts';
import { readQuery } from '../http/validate.ts';
import { describeRoute } from '../openapi/describe.ts';
import type { CachedStandings, StandingsCache } from '../rankings/cache.ts';
import { exportResultsCsv } from '../results/export-csv.ts';

/**
 * Open data, as CSV files anyone may download:
 * - /export/leaderboard.csv?sex=M|F&hand=LH|RH: one board as the app shows it
 *   (everyone ranked on that hand, best first), with the skill as a number;
 * - /export/results.csv: every rated result in the import format, so the file
 *   imports back into an empty database and gives the same ratings.
 * Both are tagged by their bytes (304 when the client has them).
 *
 * Spreadsheets run a cell starting with =, +, - or @ as a formula. The board
 * is a sheet for people to open, never imported again, so its text cells
 * (names, clubs) starting with one of those get a leading apostrophe, which a
 * spreadsheet shows as text. The results file is left as stored: it is for
 * the import, which would read the apostrophe as part of the name (see
 * results/export-csv.ts).
 */
export function exportRoutes({ db }: Pick<AppDeps, 'db'>, standings: StandingsCache) {
  const app = new Hono();
  const download = { 'Content-Disposition': 'attachment; filename="…csv": a download, named for what it holds.' };
  const exportLeaderboardCsvDoc = describeRoute({
    operationId: 'exportLeaderboardCsv',
    summary: 'One leaderboard (a sex, a hand) as a CSV sheet, the skill as a number (open data)',
    tag: 'rankings',
    access: 'public',
    query: leaderboardExportQuerySchema,
    queryExample: { sex: 'F', hand: 'LH' },
    responses: { 200: { description: 'The board.', content: { 'text/csv': 'text' }, headers: download } },
    etag: true,
  });
  app.get('/leaderboard.csv', exportLeaderboardCsvDoc, (c) => {
    const { sex, hand } = readQuery(c, leaderboardExportQuerySchema);
    const division = sex === 'F' ? 'women' : 'men';
    return sendCsv(c, boardCsv(standings.get(sex), hand), `leaderboard-${division}-${hand}.csv`);
  });
  const exportResultsCsvDoc = describeRoute({
    operationId: 'exportResultsCsv',
    summary: 'Every rated result in the import format (open data; imports back into an empty database)',
    tag: 'rankings',
    access: 'public',
    responses: { 200: { description: 'The results.', content: { 'text/csv': 'text' }, headers: download } },
    etag: true,
  });
  app.get('/results.csv', exportResultsCsvDoc, (c) => sendCsv(c, exportResultsCsv(db), 'results.csv'));
  return app;
}

function sendCsv(c: Context, csv: string, filename: string): Response {
  const headers = {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-cache',
  };
  return sendTagged(c, csv, headers);
}

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export const asText = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

// One sheet per hand of each computed standings: made again only when the standings are.
const boards = new WeakMap<CachedStandings, Partial<Record<Hand, string>>>();

export function boardCsv(s: CachedStandings, hand: Hand): string {
  const byHand = boards.get(s) ?? {};
  boards.set(s, byHand);
  return (byHand[hand] ??= (() => {
    const { board } = s;
    const rows = board.ranks[hand].map(({ name }, i) => [
      i + 1,
      asText(name),
      board.weights[name] ?? '',
      s.classRank[hand].get(name) ?? '',
      board.cons_now[hand][name] ?? '',
      board.deltas[hand][name] ?? '',
      asText(board.clubs[name] ?? ''),
    ]);
    return Papa.unparse({ fields: [...LEADERBOARD_CSV_COLUMNS], data: rows }, { newline: '\r\n' }) + '\r\n';
  })());
}
