import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/connection.ts';

/**
 * Uploaded event pictures: checked by their bytes (JPEG,
 * PNG or WebP only, whatever the name or declared type says), size-limited,
 * written beside the database under uploads/events and served from
 * /uploads/events/{name} with long cache headers (a name is never reused).
 * Athlete portraits (supermatches/athlete-images.ts) are kept the same way
 * under uploads/athletes.
 * A file is written to a temporary name and renamed into place, and the row
 * that points at it is written after; if that fails the file is removed, so
 * a failed upload leaves nothing half-written.
 */

/** Under the API's 1 MB body limit, with room for the multipart framing. */
export const MAX_IMAGE_BYTES = 1_000_000;
/** The folders of uploads/ beside the database: event pictures and athlete portraits. */
export type UploadFolder = 'events' | 'athletes';
export const UPLOAD_URL_PREFIX = '/uploads/events/';
export const uploadUrlPrefix = (folder: UploadFolder) => `/uploads/${folder}/`;
export const UPLOAD_NAME = /^[0-9]+-[0-9a-f-]{36}\.(jpg|png|webp)$/;

export type ImageKind = 'jpg' | 'png' | 'webp';

export function imageKind(bytes: Uint8Array): ImageKind | null {
  const b = (i: number) => bytes[i];
  if (bytes.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((v, i) => b(i) === v)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export const MIME: Record<ImageKind, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The folder beside the database file (a temp folder for an in-memory database). */
export function uploadsDir(db: Db, folder: UploadFolder = 'events'): string {
  const base = db.memory || !db.name ? path.join(os.tmpdir(), 'aw-uploads') : path.dirname(db.name);
  return path.join(base, 'uploads', folder);
}

export interface EventImage {
  id: number;
  url: string;
}

export function listImages(db: Db, eventId: number): EventImage[] {
  return db.prepare('SELECT id, url FROM event_images WHERE event_id = ? ORDER BY position, id').all(eventId) as EventImage[];
}

/** Writes the bytes under a new name, `{owner id}-{uuid}.{kind}`, and answers that name. */
export function writeFileAtomically(dir: string, ownerId: number, bytes: Uint8Array, kind: ImageKind): string {
  fs.mkdirSync(dir, { recursive: true });
  const name = `${ownerId}-${randomUUID()}.${kind}`;
  const tmp = path.join(dir, `.${name}.tmp`);
  try {
    fs.writeFileSync(tmp, bytes, { flag: 'wx' });
    fs.renameSync(tmp, path.join(dir, name));
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  return name;
}

/** Removes the file behind an upload URL of this folder; any other URL is left alone. */
export function removeUpload(dir: string, url: string, folder: UploadFolder = 'events') {
  const prefix = uploadUrlPrefix(folder);
  if (!url.startsWith(prefix)) return;
  const name = url.slice(prefix.length);
  if (UPLOAD_NAME.test(name)) fs.rmSync(path.join(dir, name), { force: true });
}

/** Stores the bytes as a new file and runs `record` with its URL; undoes the file if `record` throws. */
function storeThen<T>(db: Db, eventId: number, bytes: Uint8Array, kind: ImageKind, record: (url: string) => T): T {
  const dir = uploadsDir(db);
  const name = writeFileAtomically(dir, eventId, bytes, kind);
  const url = `${UPLOAD_URL_PREFIX}${name}`;
  try {
    return record(url);
  } catch (err) {
    fs.rmSync(path.join(dir, name), { force: true });
    throw err;
  }
}

export function addImage(db: Db, eventId: number, bytes: Uint8Array, kind: ImageKind): EventImage {
  return storeThen(db, eventId, bytes, kind, (url) => {
    const position = db
      .prepare('SELECT COALESCE(MAX(position) + 1, 0) FROM event_images WHERE event_id = ?')
      .pluck()
      .get(eventId) as number;
    const info = db
      .prepare('INSERT INTO event_images (event_id, position, url, created_at) VALUES (?, ?, ?, ?)')
      .run(eventId, position, url, new Date().toISOString());
    return { id: Number(info.lastInsertRowid), url };
  });
}

/** Undefined when the event has no such image. */
export function replaceImage(db: Db, eventId: number, imageId: number, bytes: Uint8Array, kind: ImageKind): EventImage | undefined {
  const old = db.prepare('SELECT url FROM event_images WHERE id = ? AND event_id = ?').pluck().get(imageId, eventId) as
    | string
    | undefined;
  if (old === undefined) return undefined;
  const image = storeThen(db, eventId, bytes, kind, (url) => {
    db.prepare('UPDATE event_images SET url = ? WHERE id = ?').run(url, imageId);
    return { id: imageId, url };
  });
  removeUpload(uploadsDir(db), old);
  return image;
}

export function deleteImage(db: Db, eventId: number, imageId: number): boolean {
  const old = db.prepare('SELECT url FROM event_images WHERE id = ? AND event_id = ?').pluck().get(imageId, eventId) as
    | string
    | undefined;
  if (old === undefined) return false;
  db.transaction(() => {
    db.prepare('DELETE FROM event_images WHERE id = ?').run(imageId);
    const ids = listImages(db, eventId).map((i) => i.id);
    const set = db.prepare('UPDATE event_images SET position = ? WHERE id = ?');
    ids.forEach((id, i) => set.run(i, id));
  })();
  removeUpload(uploadsDir(db), old);
  return true;
}

/** `ids` must be exactly the event's images, in the new order; false otherwise. */
export function reorderImages(db: Db, eventId: number, ids: readonly number[]): boolean {
  const current = listImages(db, eventId).map((i) => i.id);
  if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id))) {
    return false;
  }
  const set = db.prepare('UPDATE event_images SET position = ? WHERE id = ?');
  db.transaction(() => ids.forEach((id, i) => set.run(i, id)))();
  return true;
}

export function readUpload(db: Db, name: string, folder: UploadFolder = 'events'): { bytes: Buffer; type: string } | null {
  if (!UPLOAD_NAME.test(name)) return null;
  try {
    const bytes = fs.readFileSync(path.join(uploadsDir(db, folder), name));
    const kind = imageKind(bytes);
    return kind ? { bytes, type: MIME[kind] } : null;
  } catch {
    return null;
  }
}
