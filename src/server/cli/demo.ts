import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { DEMO_DEFAULTS, DEMO_LIMITS, hasResults, isIsoDate, writeDemoResults } from '../demo/generate.ts';
import { DEMO_ASSOCIATIONS } from '../demo/profiles.ts';
import { storeDemoProfile } from '../demo/seed.ts';
import { rerate } from '../ratings/engine.ts';

/** `npm run demo -- --out path/to.db [--athletes 5000] [--seed 7] [--end 2026-11-01] [--years 3] [--association kg]` */
const usage = `Usage:
  npm run demo -- --out <file.db> [--athletes N] [--seed N] [--end YYYY-MM-DD] [--years N] [--association lbs|kg]

  --out          SQLite file to create (or migrate) and fill; it must have no athletes yet
  --athletes     roster size, ${DEMO_LIMITS.minAthletes}-${DEMO_LIMITS.maxAthletes} (default ${DEMO_DEFAULTS.athletes})
  --seed         integer seed; the same options always give the same data (default ${DEMO_DEFAULTS.seed})
  --end          last possible tournament date (default today, UTC)
  --years        years of monthly tournaments, 1-${DEMO_LIMITS.maxYears} (default ${DEMO_DEFAULTS.years})
  --association  lbs: the state association in pounds (default); kg: a federation in kilograms (its profile is
                 written first)`;

const intArg = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const argsSchema = z.object({
  out: z.string().trim().min(1, 'is required'),
  athletes: intArg(DEMO_LIMITS.minAthletes, DEMO_LIMITS.maxAthletes).optional(),
  seed: intArg(0, 2 ** 32 - 1).optional(),
  end: z.string().refine(isIsoDate, 'must be a real date as YYYY-MM-DD').optional(),
  years: intArg(1, DEMO_LIMITS.maxYears).optional(),
  association: z.enum(DEMO_ASSOCIATIONS, 'must be lbs or kg').optional(),
});

function fail(message: string): never {
  console.error(message);
  console.error(usage);
  process.exit(2);
}

function parse() {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        out: { type: 'string' },
        athletes: { type: 'string' },
        seed: { type: 'string' },
        end: { type: 'string' },
        years: { type: 'string' },
        association: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) fail(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  return parsed.data;
}

const args = parse();
const db = openDatabase(args.out);
try {
  migrate(db, migrations);
  if (hasResults(db)) {
    console.error(
      `${args.out} already has athletes; demo data goes only into an empty database. Choose another --out.`,
    );
    process.exitCode = 2;
  } else {
    const t0 = performance.now();
    const association = args.association ?? 'lbs';
    const summary = db.transaction(() => {
      storeDemoProfile(db, association);
      return writeDemoResults(db, {
        seed: args.seed,
        athletes: args.athletes,
        end: args.end,
        years: args.years,
        association,
      });
    })();
    const t1 = performance.now();
    const rated = rerate(db);
    const t2 = performance.now();
    console.log(
      `Wrote ${args.out}: ${summary.athletes} athletes, ${summary.clubs} clubs, ${summary.tournaments} tournaments, ` +
        `${summary.placements} placements, ${summary.supermatches} supermatches.`,
    );
    console.log(
      `Seeding took ${Math.round(t1 - t0)} ms; rating (${rated.units} brackets and matches) took ${Math.round(t2 - t1)} ms.`,
    );
  }
} catch (e) {
  console.error(`Demo seeding failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  db.close();
}
