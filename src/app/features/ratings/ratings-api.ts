import { queryOptions } from '@tanstack/react-query';
import type { Calibration } from '../../../shared/answers/calibration.ts';
import { apiGet } from '../../lib/api.ts';
import { ratingsKeys } from './ratings-keys.ts';

export { ratingsKeys };

/**
 * GET /api/v1/ratings/calibration: how well the win chance predicted this association's results. The answer
 * changes only when results do (the server keeps it per results version, with a strong ETag), so it is fresh for
 * five minutes here; the worker keeps a copy and the query is saved with the others, so the page opens offline
 * once seen.
 */
export const calibrationQuery = () =>
  queryOptions({
    queryKey: ratingsKeys.calibration(),
    queryFn: () => apiGet<Calibration>('/ratings/calibration', { fresh: true, note: true }),
    staleTime: 5 * 60_000,
  });
