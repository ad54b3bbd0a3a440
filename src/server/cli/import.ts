import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { importResultsCsv } from '../results/import-csv.ts';
import { readInputFile } from './read-input.ts';

/** `npm run import -- results.csv [--dry-run]`: all rows or none (docs/data.md, "Importing results"). */
const usage = `Usage:
  npm run import -- <results.csv> [--dry-run]

  --dry-run  check the file and report what would change, without saving anything`;

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const files = args.filter((a) => a !== '--dry-run');
const unknownFlag = files.find((a) => a.startsWith('--'));
if (files.length !== 1 || unknownFlag) {
  console.error(unknownFlag ? `Unknown option ${unknownFlag}.\n${usage}` : usage);
  process.exit(2);
}
const file = files[0]!;

const input = readInputFile(file);
if ('error' in input) {
  console.error(input.error);
  process.exit(1);
}
const { text } = input;

let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(2);
}

const db = openDatabase(config.databaseFile);
try {
  migrate(db, migrations);
  const result = importResultsCsv(db, text, { dryRun });
  if (!result.ok) {
    for (const e of result.errors) console.error(`${file}:${e.line}: ${e.message}`);
    const lines = new Set(result.errors.map((e) => e.line)).size;
    console.error(
      `\n${result.errors.length} problem${result.errors.length === 1 ? '' : 's'} on ${lines} line${lines === 1 ? '' : 's'}; nothing was imported.`,
    );
    process.exitCode = 1;
  } else {
    const s = result.summary;
    console.log(`${dryRun ? 'Dry run, nothing saved. Would import' : 'Imported'} ${file} into ${config.databaseFile}:`);
    console.log(`  athletes created   ${s.athletesCreated}`);
    console.log(`  events created     ${s.eventsCreated}`);
    console.log(`  placements         ${s.placements}`);
    console.log(`  supermatches       ${s.supermatches}`);
    console.log(`  weights updated    ${s.weightsUpdated}`);
    console.log(
      `  ratings            ${s.rerate.mode} (${s.rerate.units} result group${s.rerate.units === 1 ? '' : 's'} rated)`,
    );
  }
} finally {
  db.close();
}
