import type { Db } from '../db/connection.ts';
import { associationCalibration } from './calibration.ts';
import { resultsVersion } from './engine.ts';

/**
 * The calibration answer (GET /api/v1/ratings/calibration), computed once per change of results and kept as its
 * JSON text, as the leaderboards are (rankings/cache.ts): scoring every result against the ratings of the evening
 * before is a full pass over the history, and the answer only changes when a result does. It holds no names, so
 * only the results version keys it, not the association profile's. The version lives in the database, so an
 * import from the command line is seen at once.
 */
export function createCalibrationCache(db: Db): () => string {
  let kept: { version: number; json: string } | undefined;
  return () => {
    const version = resultsVersion(db);
    if (kept?.version !== version) kept = { version, json: JSON.stringify(associationCalibration(db)) };
    return kept.json;
  };
}
