import { mulberry32 } from '../../src/shared/prng.ts';
import {
  applyResult,
  buildBracket,
  DEFAULT_SETTINGS,
  deriveCategory,
  drawCategory,
  type CategoryState,
  type MatchResult,
} from '../../src/shared/tournament/index.ts';
import { median, ms, round } from './util.ts';

/**
 * The tournament engine's speed (src/shared/tournament), in this process: a category of 128 athletes drawn by
 * lot with clubs to keep apart, its bracket built and its state derived, each run with its own seed (median of
 * 15 after one cold run); the rule is under 50 ms. Then what a table device does on every tap: one category of
 * 128 played out result by result, each result applied and the whole state derived again.
 */
export interface DrawFigures {
  athletes: number;
  runs: number;
  /** The first run, not counted: it also compiles the code and computes the losers' crossing for 128 slots. */
  coldMs: number;
  /** Draw + build + derive, per run, in order. */
  runsMs: number[];
  medianMs: number;
  targetMs: number;
  /** The medians of the three parts. */
  drawMs: number;
  buildMs: number;
  deriveMs: number;
  /** Applying one result and deriving the state again, over a whole category played out. */
  tap: { results: number; medianMs: number; maxMs: number };
}

const ATHLETES = 128;
const TARGET_MS = 50;

export function timeDraw(runs = 15): DrawFigures {
  const entries = Array.from({ length: ATHLETES }, (_, i) => ({ id: i + 1, weight: 190 }));
  const clubs = new Map(entries.map((e) => [e.id, `club ${e.id % 16}`]));
  const total: number[] = [];
  const parts = { draw: [] as number[], build: [] as number[], derive: [] as number[] };
  let last: CategoryState | null = null;
  let coldMs = 0;
  for (let run = -1; run < runs; run++) {
    const started = performance.now();
    const draw = drawCategory(entries, { method: 'lot', seed: 1000 + run, clubs });
    const drawn = performance.now();
    const structure = buildBracket(ATHLETES, { superFinal: true });
    const built = performance.now();
    last = deriveCategory(structure, draw.slots, {}, DEFAULT_SETTINGS);
    const derived = performance.now();
    if (run < 0) {
      coldMs = round(derived - started, 3);
      continue;
    }
    total.push(round(derived - started, 3));
    parts.draw.push(drawn - started);
    parts.build.push(built - drawn);
    parts.derive.push(derived - built);
  }
  return {
    athletes: ATHLETES,
    runs,
    coldMs,
    runsMs: total,
    medianMs: round(median(total), 3),
    targetMs: TARGET_MS,
    drawMs: round(median(parts.draw), 3),
    buildMs: round(median(parts.build), 3),
    deriveMs: round(median(parts.derive), 3),
    tap: timeTaps(last!),
  };
}

/** Plays the category out, the first ready match each time, timing every applyResult. */
function timeTaps(state: CategoryState): DrawFigures['tap'] {
  const random = mulberry32(7);
  const times: number[] = [];
  for (let next = state.matches.find((m) => m.status === 'ready'); next;) {
    const result: MatchResult = {
      winner: random() < 0.5 ? 'A' : 'B',
      method: 'pin',
      warnings_a: 0,
      warnings_b: 0,
      fouls_a: 0,
      fouls_b: 0,
      a: next.a!,
      b: next.b!,
    };
    const started = performance.now();
    const outcome = applyResult(state, next.code, result);
    times.push(ms(started));
    if (!outcome.ok) throw new Error(`${next.code}: ${outcome.error.message}`);
    state = outcome.state;
    next = state.matches.find((m) => m.status === 'ready');
  }
  return { results: times.length, medianMs: round(median(times), 3), maxMs: round(Math.max(...times), 3) };
}
