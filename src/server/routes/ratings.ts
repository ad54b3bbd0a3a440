import { Hono } from 'hono';
import { calibrationSchema } from '../../shared/answers/calibration.ts';
import type { AppDeps } from '../deps.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { describeRoute } from '../openapi/describe.ts';
import { createCalibrationCache } from '../ratings/calibration-cache.ts';

/**
 * /ratings/calibration: public; how well the app's win chance predicted this association's own results. Kept per
 * results version (ratings/calibration-cache.ts), sent with a strong ETag, so a page that has it revalidates with a
 * 304.
 */
export function ratingsRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  const calibration = createCalibrationCache(db);
  const getCalibrationDoc = describeRoute({
    operationId: 'getRatingsCalibration',
    summary: "How well the win chance predicted this association's results",
    description:
      'Every head-to-head result (supermatches and published tournament matches) predicted from the ratings of the ' +
      'evening before its day and scored: how often the favourite won, in five buckets of the favourite’s chance ' +
      '(50-60% to 90-100%). Recomputed when results change.',
    tag: 'rankings',
    access: 'public',
    responses: { 200: { description: 'The calibration.', json: calibrationSchema } },
    etag: true,
  });
  app.get('/calibration', getCalibrationDoc, (c) => sendTaggedJson(c, calibration(), { 'Cache-Control': 'no-cache' }));
  return app;
}
