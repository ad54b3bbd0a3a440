import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { eventImageAnswerSchema, eventImagesSchema } from '../../shared/answers/events.ts';
import { eventIdParamsSchema, eventImageParamsSchema, imageOrderSchema } from '../../shared/events.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin, type AuthVariables } from '../auth/middleware.ts';
import {
  addImage,
  checkPicture,
  deleteImage,
  listImages,
  MAX_IMAGE_BYTES,
  readUpload,
  reorderImages,
  replaceImage,
  type ImageKind,
  type UploadFolder,
} from '../events/images.ts';
import { getEvent } from '../events/store.ts';
import { errorBody, HttpError } from '../http/errors.ts';
import { readJson, readParams } from '../http/validate.ts';
import { ADMIN, describeRoute, type RouteSpec } from '../openapi/describe.ts';

/** The picture of an upload, and what refuses it (readImageFile), as the API document says them. */
export const PICTURE_FILE = 'A JPEG, PNG or WebP picture of at most 1 MB.';
export const PICTURE_ERRORS: RouteSpec['errors'] = {
  413: 'The picture is larger than 1 MB.',
  415: 'The file is not a JPEG, PNG or WebP picture (judged by its bytes).',
};

/**
 * The multipart body's picture (field `file`), checked by its bytes: 400
 * without one, 413 too big (bytes or pixels), 415 not a JPEG, PNG or WebP that
 * decodes whole (events/images.ts checkPicture).
 */
export async function readImageFile(c: Context): Promise<{ bytes: Uint8Array; kind: ImageKind }> {
  const bytes = await readUploadedFile(c);
  return { bytes, kind: await checkPicture(bytes) };
}

/** The multipart body's file (field `file`) of at most 1 MB, not yet checked: 400 without one, 413 too big. */
export async function readUploadedFile(c: Context): Promise<Uint8Array> {
  let file: unknown;
  try {
    file = (await c.req.parseBody())['file'];
  } catch {
    throw new HttpError(400, 'invalid_input', 'Send the picture as multipart/form-data with a file field.');
  }
  if (!(file instanceof File)) throw new HttpError(400, 'invalid_input', 'Send the picture in a field named file.');
  if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, 'payload_too_large', 'The picture is larger than 1 MB.');
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * /events/{id}/images (admin): an event's pictures listed, uploaded, replaced,
 * deleted and reordered. Each answers the event's images in order.
 */
export function eventImageRoutes({ db, verify }: Pick<AppDeps, 'db' | 'verify'>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.use('*', requireAdmin(db, verify));
  const noEvent = 'No such event.';
  const eventId = (c: Context) => {
    const { id } = readParams(c, eventIdParamsSchema);
    if (!getEvent(db, id)) throw new HttpError(404, 'not_found', `No event ${id}.`);
    return id;
  };

  const listEventImagesDoc = describeRoute({
    operationId: 'listEventImages',
    summary: "An event's pictures in order",
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    responses: { 200: { description: 'The pictures, first to last.', json: eventImagesSchema } },
    errors: { 404: noEvent },
  });
  app.get('/', listEventImagesDoc, (c) => c.json({ images: listImages(db, eventId(c)) }));
  const uploadEventImageDoc = describeRoute({
    operationId: 'uploadEventImage',
    summary: 'Add a picture to an event (last in its order)',
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    multipart: { file: PICTURE_FILE },
    responses: { 201: { description: 'The new picture, and all of them in order.', json: eventImageAnswerSchema } },
    errors: { 404: noEvent, ...PICTURE_ERRORS },
  });
  app.post('/upload', uploadEventImageDoc, async (c) => {
    const id = eventId(c);
    const { bytes, kind } = await readImageFile(c);
    const image = addImage(db, id, bytes, kind);
    return c.json({ image, images: listImages(db, id) }, 201);
  });
  const reorderEventImagesDoc = describeRoute({
    operationId: 'reorderEventImages',
    summary: "Put an event's pictures in a new order (every id once)",
    tag: 'events',
    access: ADMIN,
    params: eventIdParamsSchema,
    json: { schema: imageOrderSchema, example: { ids: [2, 1] } },
    responses: { 200: { description: 'The pictures in the new order.', json: eventImagesSchema } },
    errors: { 400: "The ids are not every one of the event's pictures once.", 404: noEvent },
  });
  app.post('/reorder', reorderEventImagesDoc, async (c) => {
    const id = eventId(c);
    const { ids } = await readJson(c, imageOrderSchema);
    if (!reorderImages(db, id, ids)) {
      throw new HttpError(400, 'invalid_input', "Send every one of the event's image ids once, in the new order.");
    }
    return c.json({ images: listImages(db, id) });
  });
  const replaceEventImageDoc = describeRoute({
    operationId: 'replaceEventImage',
    summary: "Replace one of an event's pictures (it keeps its place)",
    tag: 'events',
    access: ADMIN,
    params: eventImageParamsSchema,
    multipart: { file: PICTURE_FILE },
    responses: { 200: { description: 'The new picture, and all of them in order.', json: eventImageAnswerSchema } },
    errors: { 404: 'No such event, or the event has no such picture.', ...PICTURE_ERRORS },
  });
  app.post('/:imageId/replace', replaceEventImageDoc, async (c) => {
    const id = eventId(c);
    const { imageId } = readParams(c, eventImageParamsSchema);
    const { bytes, kind } = await readImageFile(c);
    const image = replaceImage(db, id, imageId, bytes, kind);
    if (!image) throw new HttpError(404, 'not_found', `Event ${id} has no image ${imageId}.`);
    return c.json({ image, images: listImages(db, id) });
  });
  const deleteEventImageDoc = describeRoute({
    operationId: 'deleteEventImage',
    summary: "Delete one of an event's pictures",
    tag: 'events',
    access: ADMIN,
    params: eventImageParamsSchema,
    responses: { 200: { description: 'The pictures left, in order.', json: eventImagesSchema } },
    errors: { 404: 'No such event, or the event has no such picture.' },
  });
  app.delete('/:imageId', deleteEventImageDoc, (c) => {
    const id = eventId(c);
    const { imageId } = readParams(c, eventImageParamsSchema);
    if (!deleteImage(db, id, imageId)) throw new HttpError(404, 'not_found', `Event ${id} has no image ${imageId}.`);
    return c.json({ images: listImages(db, id) });
  });
  return app;
}

/** The address of a stored picture, for the document: a name the server gave (any other answers 404). */
const uploadParamsSchema = z.object({
  folder: z.enum(['events', 'athletes']),
  name: z.string().meta({ description: 'The name of an upload, e.g. 1718000000000-<uuid>.png.' }),
});

/**
 * GET /uploads/events/{name} and /uploads/athletes/{name}: the stored event
 * pictures and athlete portraits, immutable (a new upload gets a new name).
 */
export function uploadRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  const getUploadDoc = describeRoute({
    operationId: 'getUpload',
    summary: 'A stored event picture or athlete portrait (immutable: a new upload gets a new name)',
    tag: 'events',
    access: 'public',
    params: uploadParamsSchema,
    responses: {
      200: {
        description: 'The picture, cached for a year.',
        content: { 'image/jpeg': 'binary', 'image/png': 'binary', 'image/webp': 'binary' },
      },
    },
    errors: { 404: 'No stored picture has that name.' },
  });
  app.get('/:folder{events|athletes}/:name', getUploadDoc, (c) => {
    const file = readUpload(db, c.req.param('name'), c.req.param('folder') as UploadFolder);
    if (!file) return c.json(errorBody('not_found', 'Not found.'), 404);
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Length': String(file.bytes.length),
    });
  });
  return app;
}
