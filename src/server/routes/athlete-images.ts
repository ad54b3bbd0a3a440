import { Hono } from 'hono';
import {
  athleteImagesSchema,
  athleteImageUploadAnswerSchema,
  publicAthleteImagesSchema,
} from '../../shared/answers/supermatches.ts';
import { athleteImagesQuerySchema, cropsBodySchema, uploadFieldsSchema } from '../../shared/supermatches.ts';
import type {
  AthleteImageUploadAnswer,
  AthleteImages,
  PublicAthleteImages,
} from '../../shared/answers/supermatches.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin, type AuthVariables } from '../auth/middleware.ts';
import { sendTaggedJson } from '../http/etag.ts';
import { fieldErrors, HttpError } from '../http/errors.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { ADMIN, describeRoute } from '../openapi/describe.ts';
import { headshots, imageConfigs, setAthleteCrop, setAthleteImage } from '../supermatches/athlete-images.ts';
import { PICTURE_FILE, PICTURE_ERRORS, readImageFile } from './event-images.ts';

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

  const getPublicAthleteImagesDoc = describeRoute({
    operationId: 'getPublicAthleteImages',
    summary: 'A headshot per athlete name (names: comma-separated)',
    tag: 'supermatches',
    access: 'public',
    query: athleteImagesQuerySchema,
    queryExample: { names: 'Alex Doe,Sam Roe' },
    responses: { 200: { description: 'A headshot URL per name (null: none).', json: publicAthleteImagesSchema } },
    etag: true,
  });
  app.get('/public', getPublicAthleteImagesDoc, (c) => {
    const { names } = readQuery(c, athleteImagesQuerySchema);
    const body: PublicAthleteImages = { athlete_image_configs: headshots(db, names) };
    return sendTaggedJson(c, JSON.stringify(body), { 'Cache-Control': 'no-cache' });
  });

  const getAthleteImagesDoc = describeRoute({
    operationId: 'getAthleteImages',
    summary: "The athletes' full picture settings (names: comma-separated)",
    tag: 'supermatches',
    access: ADMIN,
    query: athleteImagesQuerySchema,
    queryExample: { names: 'Alex Doe' },
    responses: { 200: { description: 'The settings per name.', json: athleteImagesSchema } },
  });
  app.get('/', getAthleteImagesDoc, admin, (c) => {
    const { names } = readQuery(c, athleteImagesQuerySchema);
    return c.json({ athlete_image_configs: imageConfigs(db, names) } satisfies AthleteImages);
  });

  const uploadAthleteImageDoc = describeRoute({
    operationId: 'uploadAthleteImage',
    summary: "Store a picture as an athlete's left or right picture",
    tag: 'supermatches',
    access: ADMIN,
    multipart: { file: PICTURE_FILE, fields: uploadFieldsSchema },
    responses: {
      201: {
        description: 'Where the picture is now, and the athlete’s settings.',
        json: athleteImageUploadAnswerSchema,
      },
    },
    errors: PICTURE_ERRORS,
  });
  app.post('/upload', uploadAthleteImageDoc, admin, async (c) => {
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

  const setAthleteImageCropDoc = describeRoute({
    operationId: 'setAthleteImageCrop',
    summary: "Set one side's crop of an athlete's picture",
    tag: 'supermatches',
    access: ADMIN,
    json: {
      schema: cropsBodySchema,
      example: { name: 'Alex Doe', left_crop: { scale: 1, object_position: { x: 50, y: 40 } } },
    },
    responses: { 200: { description: 'The athlete’s settings.', json: athleteImagesSchema } },
  });
  app.post('/crops', setAthleteImageCropDoc, admin, async (c) => {
    const body = await readJson(c, cropsBodySchema);
    if (body.left_crop) setAthleteCrop(db, body.name, 'left', body.left_crop);
    if (body.right_crop) setAthleteCrop(db, body.name, 'right', body.right_crop);
    return c.json({ athlete_image_configs: imageConfigs(db, [body.name]) } satisfies AthleteImages);
  });
  return app;
}
