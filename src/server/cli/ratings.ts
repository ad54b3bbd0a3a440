import fs from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { settingsOf, readAssociation } from '../association/store.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { loadUnits } from '../ratings/engine.ts';
import type { Unit } from '../ratings/units.ts';
import { evaluate, type Evaluation } from '../ratings/evaluate.ts';
import { unitsFromFile } from '../ratings/evaluation-input.ts';
import { calibrationError } from '../ratings/figures.ts';
import { describe, fit, fitLeague } from '../ratings/fit.ts';
import { MODEL } from '../ratings/model.ts';
import { SYNTH_DEFAULTS, SYNTH_LIMITS, synthLeague } from '../ratings/synth.ts';
import { readInputFile } from './read-input.ts';

/**
 * `npm run ratings -- evaluate [FILE.csv] [--test 0.4] [--json]`: how well the app's model and the classic ones
 * predict (docs/rating-model.md, "How well it predicts").
 */
const usage = `Usage:
  npm run ratings -- evaluate [results.csv] [--test 0.4] [--json]
  npm run ratings -- synth --seed N --out league.csv [--results ${SYNTH_DEFAULTS.results}] [--end ${SYNTH_DEFAULTS.end}]
  npm run ratings -- fit league.csv [more.csv ...]

  evaluate   replay the results day by day, predict each day's head-to-head results from the ratings of the
             evening before, and score the models on the last part; the file is a results file in the import's
             format (or another database, .db); with no file, the configured database's rated results (read only)
  --test     the share of scored results, the last days', that is scored (default 0.4; the rest warms up)
  --json     print the figures as JSON
  synth      write a synthetic league with a known truth (strengths that drift, day form shared by a day's pins)
             as a results file: the same seed and options always write the same file
  fit        search the app's constants that predict the given leagues best (mean log-loss of their scored
             parts); fit on some leagues, evaluate on others`;

function fail(message: string, code = 2): never {
  console.error(message);
  if (code === 2) console.error(usage);
  process.exit(code);
}

const wholeNumber = z.string({ error: 'is required' }).regex(/^\d+$/, 'must be a whole number').transform(Number);
const synthArgs = z.object({
  seed: wholeNumber.pipe(
    z
      .number()
      .int()
      .max(2 ** 32 - 1),
  ),
  out: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  results: wholeNumber.pipe(z.number().int().min(SYNTH_LIMITS.minResults).max(SYNTH_LIMITS.maxResults)).optional(),
  end: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-12-31')
    .optional(),
});

const evaluateArgs = z.object({
  test: z
    .string()
    .regex(/^(0?\.\d+|1(\.0*)?)$/, 'must be a share between 0 and 1, like 0.4')
    .transform(Number)
    .pipe(z.number().gt(0, 'must be above 0').max(1))
    .optional(),
  json: z.boolean().optional(),
});

function parse() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: {
        test: { type: 'string' },
        json: { type: 'boolean' },
        seed: { type: 'string' },
        out: { type: 'string' },
        results: { type: 'string' },
        end: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    return fail((err as Error).message);
  }
}

function config() {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return fail(err.message);
  }
}

/** The configured database, opened read only: the evaluation never writes. Null when there is none yet. */
function openConfigured(): Database.Database | null {
  const file = config().databaseFile;
  if (file === ':memory:' || !fs.existsSync(file)) return null;
  return new Database(file, { readonly: true, fileMustExist: true });
}

function readUnits(file: string | undefined): Unit[] {
  // A database file (a demo's, another association's copy) is read as the app reads its own.
  if (file?.endsWith('.db')) {
    if (!fs.existsSync(file)) fail(`${file}: no such file.`, 1);
    const other = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return loadUnits(other, null);
    } finally {
      other.close();
    }
  }
  const db = openConfigured();
  try {
    if (!file) {
      if (!db) fail(`No database at ${config().databaseFile} yet: name a results file, or start the app once.`, 1);
      return loadUnits(db, null);
    }
    const input = readInputFile(file);
    if ('error' in input) fail(input.error, 1);
    const read = unitsFromFile(input.text, db ? settingsOf(readAssociation(db)) : null);
    if ('errors' in read) {
      for (const e of read.errors) console.error(`${file}:${e.line}: ${e.message}`);
      const lines = new Set(read.errors.map((e) => e.line)).size;
      fail(
        `\n${read.errors.length} problem${read.errors.length === 1 ? '' : 's'} on ${lines} line${lines === 1 ? '' : 's'}; nothing was evaluated.`,
        1,
      );
    }
    return read.units;
  } finally {
    db?.close();
  }
}

const fixed = (x: number, d = 3) => x.toFixed(d);

/** The figures as a person reads them. */
function table(e: Evaluation & { eloK: number }, share: number): string {
  if (e.n === 0)
    return 'Nothing to score: the results hold no decided head-to-head result (a supermatch or a tournament match).';
  const head = ['model', 'n', 'log-loss', 'Brier', 'accuracy', 'confidence', 'calib. error'];
  const rows = e.models.map((m) => [
    m.name,
    String(m.n),
    fixed(m.log_loss),
    fixed(m.brier),
    fixed(m.accuracy),
    fixed(m.mean_confidence),
    fixed(calibrationError(m.calibration)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const app = e.models.find((m) => m.name === 'app')!;
  return [
    `Scored ${e.n} head-to-head results from ${e.test_from} on (the split between days nearest the last ${Math.round(share * 100)}%); the days before warmed the ratings up.`,
    '',
    line(head),
    ...rows.map(line),
    '',
    `Lower log-loss and Brier are better; a coin flip scores 0.693 and 0.250. Elo's K: ${e.eloK} (the lowest warm-up log-loss).`,
    '',
    "The app's calibration (each result from both sides): predicted -> won",
    ...app.calibration
      .filter((b) => b.n > 0)
      .map(
        (b) =>
          `  ${Math.round(b.from * 100)}-${Math.round(b.to * 100)}%: ${fixed(b.predicted!)} -> ${fixed(b.observed!)} of ${b.n}`,
      ),
  ].join('\n');
}

const { values, positionals } = parse();
const [command, file, ...extra] = positionals;
/** Each command's own options: one meant for another is a mistake worth saying. */
const OPTIONS: Record<string, string[]> = {
  evaluate: ['test', 'json'],
  synth: ['seed', 'out', 'results', 'end'],
  fit: [],
};
const foreign = Object.keys(values).find((k) => command && OPTIONS[command] && !OPTIONS[command].includes(k));
if (foreign) fail(`--${foreign} is not an option of ${command}.`);
if (command === 'synth') {
  const args = synthArgs.safeParse(values);
  if (!args.success) fail(args.error.issues.map((i) => `--${i.path.join('.')} ${i.message}`).join('\n'));
  if (positionals.length > 1) fail(`synth takes no file but --out (got ${positionals.slice(1).join(', ')}).`);
  const { out, ...options } = args.data;
  let league;
  try {
    league = synthLeague(options);
  } catch (err) {
    fail((err as Error).message);
  }
  fs.writeFileSync(out, league.csv);
  console.log(`Wrote ${out}: ${league.rows} results of ${league.athletes} athletes (seed ${options.seed}).`);
  process.exit(0);
}
if (command === 'fit') {
  const leagues = positionals.slice(1).map((f) => fitLeague(f, readUnits(f)));
  if (!leagues.length) fail('Name the results files to fit on.');
  const { constants, loss: l } = fit(leagues, MODEL, (line) => console.log(line));
  console.log(`\nBest: ${describe(constants)} (mean log-loss ${l.toFixed(4)})`);
  process.exit(0);
}
if (command !== 'evaluate') fail(command ? `Unknown command ${command}.` : 'Name a command.');
if (extra.length) fail(`One results file at most (got ${positionals.slice(1).join(', ')}).`);
const args = evaluateArgs.safeParse(values);
if (!args.success) fail(args.error.issues.map((i) => `--${i.path.join('.')} ${i.message}`).join('\n'));
const share = args.data.test ?? 0.4;
const result = evaluate(readUnits(file), { test: share });
if (args.data.json) {
  const { eloK: _k, ...figures } = result;
  console.log(JSON.stringify(figures, null, 2));
} else {
  console.log(table(result, share));
}
