import type { Db } from '../../src/server/db/connection.ts';
import { rerate } from '../../src/server/ratings/engine.ts';
import { evaluate } from '../../src/server/ratings/evaluate.ts';
import { unitsFromFile } from '../../src/server/ratings/evaluation-input.ts';
import { calibrationError } from '../../src/server/ratings/figures.ts';
import { MODEL, MODEL_VERSION } from '../../src/server/ratings/model.ts';
import { synthLeague } from '../../src/server/ratings/synth.ts';
import { median, ms, round } from './util.ts';

/**
 * The ratings' two speed rules. The evaluation (`npm run ratings -- evaluate`) of a synthetic league of 20,000
 * results, the file read through the import and all five models replayed, in under 30 s. And after the model's
 * constants change, the one recompute of every rating (the engine finds other constants stored beside the
 * ratings) in under 5 s on the large state (5,000 athletes).
 */
export interface RatingsFigures {
  evaluation: {
    results: number;
    scored: number;
    /** Reading the file (the import, into memory) and the replay of the five models. */
    readMs: number;
    evaluateMs: number;
    totalMs: number;
    targetMs: number;
    /** The models' log-loss and calibration error, for the record: the bench's league, seed 1. */
    models: { name: string; logLoss: number; calibrationError: number }[];
  };
  modelChange: { runsMs: number[]; medianMs: number; targetMs: number; units: number };
}

const EVALUATION_RESULTS = 20_000;
const EVALUATION_TARGET_MS = 30_000;
const MODEL_CHANGE_TARGET_MS = 5_000;

export function timeEvaluation(): RatingsFigures['evaluation'] {
  const league = synthLeague({ seed: 1, results: EVALUATION_RESULTS });
  const started = performance.now();
  const read = unitsFromFile(league.csv, null, '2026-01-01');
  if ('errors' in read) throw new Error(`The synthetic league did not import: ${read.errors[0]?.message}`);
  const readMs = ms(started);
  const evaluated = performance.now();
  const e = evaluate(read.units);
  const evaluateMs = ms(evaluated);
  return {
    results: league.rows,
    scored: e.n,
    readMs: round(readMs),
    evaluateMs: round(evaluateMs),
    totalMs: round(readMs + evaluateMs),
    targetMs: EVALUATION_TARGET_MS,
    models: e.models.map((m) => ({
      name: m.name,
      logLoss: round(m.log_loss, 4),
      calibrationError: round(calibrationError(m.calibration), 4),
    })),
  };
}

/** The recompute a change of constants makes: other constants stored beside the ratings, then rerate. */
export function timeModelChange(db: Db, runs = 3): RatingsFigures['modelChange'] {
  const runsMs: number[] = [];
  let units = 0;
  for (let i = 0; i < runs; i++) {
    const before = { version: MODEL_VERSION - 1, constants: { ...MODEL, tau: MODEL.tau * 2 } };
    db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('ratings_model', ?)").run(JSON.stringify(before));
    const started = performance.now();
    const outcome = rerate(db, { at: '2025-07-01T00:00:00.000Z' });
    runsMs.push(round(ms(started)));
    if (!outcome.modelChanged) throw new Error('The engine did not see the change of constants.');
    units = outcome.units;
  }
  return { runsMs, medianMs: round(median(runsMs)), targetMs: MODEL_CHANGE_TARGET_MS, units };
}

export function printRatings(r: RatingsFigures): void {
  const e = r.evaluation;
  console.log(
    `Ratings evaluation of ${e.results} synthetic results (${e.scored} scored), five models: ${e.totalMs} ms ` +
      `(read ${e.readMs}, replay ${e.evaluateMs}; target < ${e.targetMs}); log-loss ` +
      e.models.map((m) => `${m.name} ${m.logLoss}`).join(', '),
  );
  const c = r.modelChange;
  console.log(
    `Recompute after a change of constants (large): ${c.medianMs} ms median of [${c.runsMs.join(', ')}] ` +
      `(${c.units} units; target < ${c.targetMs})`,
  );
}
