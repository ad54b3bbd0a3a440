import { CALIBRATION_MIN_RESULTS, type Calibration, type FavouriteBucket } from '../../shared/answers/calibration.ts';
import type { Db } from '../db/connection.ts';
import { figures } from './figures.ts';

/**
 * How well the win chance the app showed predicted this association's own head-to-head results: every decided
 * supermatch and published tournament match, with the chance shown the evening before its day (the engine keeps
 * them in `rating_predictions`), from the favourite's side. The figures are the evaluation's (figures.ts).
 */
export function associationCalibration(db: Db): Calibration {
  const rows = db.prepare('SELECT date, shown AS p, a_won AS won FROM rating_predictions ORDER BY date, id').all() as {
    date: string;
    p: number;
    won: 0 | 1;
  }[];
  const buckets: (FavouriteBucket & { sumP: number; sumWon: number })[] = [0.5, 0.6, 0.7, 0.8, 0.9].map((from) => ({
    from,
    to: Math.round((from + 0.1) * 10) / 10,
    n: 0,
    predicted: null,
    observed: null,
    sumP: 0,
    sumWon: 0,
  }));
  for (const { p, won } of rows) {
    const favourite = Math.max(p, 1 - p);
    // A pick'em has no favourite: it counts as half a win.
    const favouriteWon = p === 0.5 ? 0.5 : p > 0.5 === (won === 1) ? 1 : 0;
    const b = buckets[Math.min(4, Math.floor((favourite - 0.5) * 10))]!;
    b.n += 1;
    b.sumP += favourite;
    b.sumWon += favouriteWon;
  }
  const f = figures(rows);
  return {
    n: rows.length,
    needed: CALIBRATION_MIN_RESULTS,
    from: rows[0]?.date ?? null,
    to: rows.at(-1)?.date ?? null,
    accuracy: rows.length ? f.accuracy : null,
    mean_confidence: rows.length ? f.mean_confidence : null,
    log_loss: rows.length ? f.log_loss : null,
    buckets: buckets.map(({ sumP, sumWon, ...b }) => ({
      ...b,
      predicted: b.n ? sumP / b.n : null,
      observed: b.n ? sumWon / b.n : null,
    })),
  };
}
