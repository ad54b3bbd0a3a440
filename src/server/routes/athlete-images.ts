import { Hono } from 'hono';
import {
  athleteImagesQuerySchema,
  cropsBodySchema,
  uploadFieldsSchema,
  type AthleteImageUploadAnswer,
  type AthleteImages,
  type PublicAthleteImages,
} from '../../shared/supermatches.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin, type AuthVariables } from '../auth/middleware.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { fieldErrors, HttpError } from '../http/errors.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { headshots, imageConfigs, setAthleteCrop, setAthleteImage } from '../supermatches/athlete-images.ts';
import { readImageFile } from './event-images.ts';

/**
 * /athlete-images: the supermatch cards' athlete pictures.
 * - GET /public?names=a,b: a headshot per name (public, tagged for 304s).
 * - GET /?names=a,b: the full settings per name (admins and developers).
 * - POST /upload (multipart: file, name, kind left or right): stores the picture
 *   as that side's, checked by its bytes; answers its url (admins).
 * - POST /crops ({name, left_crop} or {name, right_crop}): one side's crop (admins).
 */
export function athleteImageRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const admin = requireAdmin(db, verify);

  app.get('/public', (c) => {
    const { names } = readQuery(c, athleteImagesQuerySchema);
    const body: PublicAthleteImages = { athlete_image_configs: headshots(db, names) };
    return sendTaggedJson(c, JSON.stringify(body), { 'Cache-Control': 'no-cache' });
  });

  app.get('/', admin, (c) => {
    const { names } = readQuery(c, athleteImagesQuerySchema);
    return c.json({ athlete_image_configs: imageConfigs(db, names) } satisfies AthleteImages);
  });

  app.post('/upload', admin, async (c) => {
    const { bytes, kind } = await readImageFile(c);
    const form = await c.req.parseBody();
    const fields = uploadFieldsSchema.safeParse({ name: form['name'], kind: form['kind'] });
    if (!fields.success) {
      throw new HttpError(400, 'invalid_input', 'The form is not valid.', fieldErrors(fields.error));
    }
    const { name, kind: side } = fields.data;
    const url = setAthleteImage(db, name, side, bytes, kind);
    return c.json({ url, athlete_image_configs: imageConfigs(db, [name]) } satisfies AthleteImageUploadAnswer, 201);
  });

  app.post('/crops', admin, async (c) => {
    const body = await readJson(c, cropsBodySchema);
    if (body.left_crop) setAthleteCrop(db, body.name, 'left', body.left_crop);
    if (body.right_crop) setAthleteCrop(db, body.name, 'right', body.right_crop);
    return c.json({ athlete_image_configs: imageConfigs(db, [body.name]) } satisfies AthleteImages);
  });
  return app;
}
