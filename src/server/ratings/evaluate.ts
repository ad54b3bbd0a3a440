import type { Unit } from './units.ts';
import { figures, type Figures } from './figures.ts';
import { MODEL, type ModelConstants } from './model.ts';
import { appModel, coinModel, eloModel, glicko2Model, type ModelName } from './models.ts';
import { days, replay, testFrom, type Predictor } from './replay.ts';

/**
 * `npm run ratings -- evaluate`: the five models replayed over the same results, scored on the same last part
 * (docs/rating-model.md, "How well it predicts"). The warm-up part only moves ratings, and chooses Elo's K.
 */

export interface ModelFigures extends Figures {
  name: ModelName;
}

export interface Evaluation {
  /** Results scored (the test part's decided head-to-head results). */
  n: number;
  /** The first day scored; null when there is nothing to score. */
  test_from: string | null;
  models: ModelFigures[];
}

export interface EvaluateOptions {
  /** The share of scored results, the last days', that is scored: 0.4 by default. */
  test?: number;
  /** The app's constants (the fit tries others). */
  constants?: ModelConstants;
}

/** The K values Elo is tried with; the one with the lowest warm-up log-loss is kept. */
export const ELO_K = [4, 8, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 200] as const;

export function evaluate(units: readonly Unit[], opts: EvaluateOptions = {}): Evaluation & { eloK: number } {
  const byDay = days(units);
  const from = testFrom(byDay, opts.test ?? 0.4);
  const warmUp = from === null ? byDay : byDay.filter((d) => d[0]!.date < from);
  const eloK = bestEloK(warmUp);
  const score = (model: Predictor): ModelFigures => ({
    name: model.name as ModelName,
    ...figures(replay(byDay, model).filter((p) => from !== null && p.date >= from)),
  });
  const m = opts.constants ?? MODEL;
  const models = [appModel(m), appModel(m, 'pin'), eloModel(eloK), glicko2Model(), coinModel()].map(score);
  return { n: models[0]!.n, test_from: from, models, eloK };
}

/** Elo's K by log-loss on the warm-up days; 32 when the warm-up holds nothing to score. */
export function bestEloK(warmUp: readonly Unit[][]): number {
  let best = { k: 32, loss: Infinity };
  for (const k of ELO_K) {
    const { n, log_loss } = figures(replay(warmUp, eloModel(k)));
    if (n > 0 && log_loss < best.loss) best = { k, loss: log_loss };
  }
  return best.k;
}
