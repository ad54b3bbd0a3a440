import type { Unit } from './units.ts';
import { figures } from './figures.ts';
import { MODEL, type ModelConstants } from './model.ts';
import { appModel } from './models.ts';
import { days, replay, testFrom } from './replay.ts';

/**
 * `npm run ratings -- fit FILE...`: the app's constants that predict the given leagues best, by the mean of the
 * app's log-loss on each league's scored part (the evaluation's split). A coordinate search in steps of a factor:
 * each constant in turn tries bigger and smaller values and keeps a better one, the steps shrinking when none
 * helps. mu stays 25 (it only sets the scale). The leagues fitted on should not be the ones reported: fit on some
 * seeds, evaluate on others.
 */

export const FITTED = ['beta', 'tau', 'sigma', 'form'] as const;
type Fitted = (typeof FITTED)[number];

export interface FitLeague {
  name: string;
  byDay: Unit[][];
  from: string | null;
}

export function fitLeague(name: string, units: readonly Unit[], test = 0.4): FitLeague {
  const byDay = days(units);
  return { name, byDay, from: testFrom(byDay, test) };
}

/** The app's mean log-loss over the leagues' scored parts. */
export function loss(leagues: readonly FitLeague[], m: ModelConstants): number {
  let total = 0;
  for (const l of leagues) {
    const scoredPart = replay(l.byDay, appModel(m)).filter((p) => l.from !== null && p.date >= l.from);
    total += figures(scoredPart).log_loss;
  }
  return total / leagues.length;
}

export function fit(
  leagues: readonly FitLeague[],
  start: ModelConstants = MODEL,
  log: (line: string) => void = () => {},
): { constants: ModelConstants; loss: number } {
  // The model is fitted as it is, without the calibration (a prior that holds the temperature at 1): a model
  // that is right on its own needs the least correcting, on leagues it was not fitted on too.
  const raw = { ...start, calibrationPrior: 1e12 };
  let best = { constants: raw, loss: loss(leagues, raw) };
  log(`start ${describe(best.constants)} -> ${best.loss.toFixed(5)}`);
  for (const step of [2, 1.4, 1.15, 1.05]) {
    let improved = true;
    while (improved) {
      improved = false;
      for (const key of FITTED) {
        for (const factor of [step, 1 / step]) {
          const tried = tryValue(best.constants, key, factor);
          const l = loss(leagues, tried);
          if (l < best.loss - 1e-5) {
            best = { constants: tried, loss: l };
            improved = true;
            log(`${key} x${factor.toFixed(3)} ${describe(tried)} -> ${l.toFixed(5)}`);
          }
        }
      }
    }
  }
  return { constants: { ...best.constants, calibrationPrior: start.calibrationPrior }, loss: best.loss };
}

function tryValue(m: ModelConstants, key: Fitted, factor: number): ModelConstants {
  // Day form may start at 0: its first step is to a quarter of beta.
  const value = m[key] === 0 ? (factor > 1 ? m.beta / 4 : 0) : m[key] * factor;
  return { ...m, [key]: value };
}

export const describe = (m: ModelConstants) => FITTED.map((k) => `${k} ${m[k].toFixed(4)}`).join(', ');
