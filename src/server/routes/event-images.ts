import { Hono, type Context } from 'hono';
import { eventIdParamsSchema, eventImageParamsSchema, imageOrderSchema } from '../../shared/events.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin, type AuthVariables } from '../auth/middleware.ts';
import {
  addImage,
  deleteImage,
  imageKind,
  listImages,
  MAX_IMAGE_BYTES,
  readUpload,
  reorderImages,
  replaceImage,
  type ImageKind,
  type UploadFolder,
} from '../events/images.ts';
import { getEvent } from '../events/store.ts';
import { HttpError } from '../http/errors.ts';
import { readJson, readParams } from '../http/validate.ts';

/** The multipart body's picture (field `file`), checked by its bytes: 400 without one, 413 too big, 415 not JPEG, PNG or WebP. */
export async function readImageFile(c: Context): Promise<{ bytes: Uint8Array; kind: ImageKind }> {
  let file: unknown;
  try {
    file = (await c.req.parseBody())['file'];
  } catch {
    throw new HttpError(400, 'invalid_input', 'Send the picture as multipart/form-data with a file field.');
  }
  if (!(file instanceof File)) throw new HttpError(400, 'invalid_input', 'Send the picture in a field named file.');
  if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, 'payload_too_large', 'The picture is larger than 1 MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = imageKind(bytes);
  if (!kind) throw new HttpError(415, 'unsupported_media_type', 'Only JPEG, PNG and WebP pictures can be uploaded.');
  return { bytes, kind };
}

/**
 * /events/{id}/images (admin): an event's pictures listed, uploaded, replaced,
 * deleted and reordered. Each answers the event's images in order.
 */
export function eventImageRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.use('*', requireAdmin(db, verify));
  const eventId = (c: Context) => {
    const { id } = readParams(c, eventIdParamsSchema);
    if (!getEvent(db, id)) throw new HttpError(404, 'not_found', `No event ${id}.`);
    return id;
  };

  app.get('/', (c) => c.json({ images: listImages(db, eventId(c)) }));
  app.post('/upload', async (c) => {
    const id = eventId(c);
    const { bytes, kind } = await readImageFile(c);
    const image = addImage(db, id, bytes, kind);
    return c.json({ image, images: listImages(db, id) }, 201);
  });
  app.post('/reorder', async (c) => {
    const id = eventId(c);
    const { ids } = await readJson(c, imageOrderSchema);
    if (!reorderImages(db, id, ids)) {
      throw new HttpError(400, 'invalid_input', "Send every one of the event's image ids once, in the new order.");
    }
    return c.json({ images: listImages(db, id) });
  });
  app.post('/:imageId/replace', async (c) => {
    const id = eventId(c);
    const { imageId } = readParams(c, eventImageParamsSchema);
    const { bytes, kind } = await readImageFile(c);
    const image = replaceImage(db, id, imageId, bytes, kind);
    if (!image) throw new HttpError(404, 'not_found', `Event ${id} has no image ${imageId}.`);
    return c.json({ image, images: listImages(db, id) });
  });
  app.delete('/:imageId', (c) => {
    const id = eventId(c);
    const { imageId } = readParams(c, eventImageParamsSchema);
    if (!deleteImage(db, id, imageId)) throw new HttpError(404, 'not_found', `Event ${id} has no image ${imageId}.`);
    return c.json({ images: listImages(db, id) });
  });
  return app;
}

/**
 * GET /uploads/events/{name} and /uploads/athletes/{name}: the stored event
 * pictures and athlete portraits, immutable (a new upload gets a new name).
 */
export function uploadRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  app.get('/:folder{events|athletes}/:name', (c) => {
    const file = readUpload(db, c.req.param('name'), c.req.param('folder') as UploadFolder);
    if (!file) return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Length': String(file.bytes.length),
    });
  });
  return app;
}
