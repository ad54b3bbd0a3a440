import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Uploaded event pictures: checked by their bytes (JPEG,
 * PNG or WebP only, whatever the name or declared type says: the file must
 * decode whole as the type its first bytes claim, within a pixel size limit),
 * size-limited,
 * written beside the database under uploads/events and served from
 * /uploads/events/{name} with long cache headers (a name is never reused).
 * Athlete portraits (supermatches/athlete-images.ts) are kept the same way
 * under uploads/athletes.
 * A file is written to a temporary name and renamed into place, and the row
 * that points at it is written after; if that fails the file is removed, so
 * a failed upload leaves nothing half-written.
 * A picture whose last row goes (removed, replaced, dropped from an event's
 * list) is deleted from disk once that change has committed, so its URL stops
 * answering; a change that fails keeps the file its rows still point at. What
 * a crash or a database upload left behind is swept at start (sweepOrphanUploads).
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

/** The largest picture accepted: 8000 pixels a side and 40 megapixels in all (a phone camera's full frame fits). */
export const MAX_IMAGE_SIDE = 8000;
export const MAX_IMAGE_PIXELS = 40_000_000;

const NAMES: Record<ImageKind, string> = { jpg: 'JPEG', png: 'PNG', webp: 'WebP' };
const DECODED_AS: Record<ImageKind, string> = { jpg: 'jpeg', png: 'png', webp: 'webp' };

// Nothing is resized or cached between uploads: keep libvips from holding decoded pictures in memory.
sharp.cache(false);

/**
 * The kind of an uploaded picture, once it has been decoded whole: its first
 * bytes name JPEG, PNG or WebP (else 415), the decoder reads the same format
 * from its header (else 415), its size is within MAX_IMAGE_SIDE and
 * MAX_IMAGE_PIXELS (else 413, checked from the header before any pixel is
 * decoded, so a small file that unpacks to a huge picture costs nothing), and
 * every pixel decodes without a warning (else 415: damaged or cut short).
 */
export async function checkPicture(bytes: Uint8Array): Promise<ImageKind> {
  const kind = imageKind(bytes);
  if (!kind) throw new HttpError(415, 'unsupported_media_type', 'Only JPEG, PNG and WebP pictures can be uploaded.');
  const notA = () =>
    new HttpError(415, 'unsupported_media_type', `The file is not a ${NAMES[kind]} picture that can be read whole.`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notA();
  }
  const { format, width, height } = meta;
  if (format !== DECODED_AS[kind] || !width || !height) throw notA();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      413,
      'payload_too_large',
      `The picture is ${width} x ${height} pixels; at most ${MAX_IMAGE_SIDE} pixels a side and ` +
        `${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
  try {
    await sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS }).stats();
  } catch {
    throw notA();
  }
  return kind;
}

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
  return db
    .prepare('SELECT id, url FROM event_images WHERE event_id = ? ORDER BY position, id')
    .all(eventId) as EventImage[];
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

/**
 * The stored file names of a folder that some row still points at. A row
 * points at a picture through a URL column: any column named `url` or ending
 * in `_url`, in any table (event pictures and covers, athlete portraits, club
 * pictures, submissions), so a column added later is counted without a list
 * to keep. The URL may be the stored path or an absolute URL ending in it.
 */
export function referencedUploads(db: Db, folder: UploadFolder): Set<string> {
  const prefix = uploadUrlPrefix(folder);
  const names = new Set<string>();
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT GLOB 'sqlite_*'")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const columns = (db.pragma(`table_info("${table}")`) as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c === 'url' || c.endsWith('_url'));
    for (const column of columns) {
      const urls = db.prepare(`SELECT "${column}" FROM "${table}" WHERE instr("${column}", ?) > 0`).pluck().all(prefix);
      for (const url of urls) {
        if (typeof url === 'string')
          names.add(url.slice(url.lastIndexOf(prefix) + prefix.length).replace(/[?#].*$/, ''));
      }
    }
  }
  return names;
}

/**
 * Deletes the files behind these URLs that no row points at any more. Call it
 * after the change that dropped them has committed: a rolled-back change must
 * keep its files.
 */
export function removeUnreferenced(
  db: Db,
  urls: readonly (string | null | undefined)[],
  folder: UploadFolder = 'events',
) {
  const candidates = urls.filter((u): u is string => !!u && u.startsWith(uploadUrlPrefix(folder)));
  if (candidates.length === 0) return;
  const kept = referencedUploads(db, folder);
  const dir = uploadsDir(db, folder);
  for (const url of candidates)
    if (!kept.has(url.slice(uploadUrlPrefix(folder).length))) removeUpload(dir, url, folder);
}

/** How old a file must be before the sweep may take it: an upload writes its file a moment before its row. */
export const SWEEP_MIN_AGE_MS = 10 * 60_000;

/**
 * Deletes the pictures no row points at (and temporary files an interrupted
 * upload left), in both upload folders, leaving anything younger than
 * `minAgeMs`. Run at start and daily: it catches what a crash between a
 * commit and a file removal, or a database upload or restore, left behind.
 * Answers the names removed.
 */
export function sweepOrphanUploads(db: Db, opts: { now?: number; minAgeMs?: number } = {}): string[] {
  const before = (opts.now ?? Date.now()) - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS);
  const removed: string[] = [];
  // An in-memory database's folder is a shared temporary one that other databases' pictures may use too.
  if (db.memory || !db.name) return removed;
  for (const folder of ['events', 'athletes'] as const) {
    const dir = uploadsDir(db, folder);
    if (!fs.existsSync(dir)) continue;
    const kept = referencedUploads(db, folder);
    for (const name of fs.readdirSync(dir)) {
      const leftover = name.startsWith('.') && name.endsWith('.tmp');
      if (!leftover && (!UPLOAD_NAME.test(name) || kept.has(name))) continue;
      const file = path.join(dir, name);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile() || stat.mtimeMs > before) continue;
      fs.rmSync(file, { force: true });
      removed.push(`${folder}/${name}`);
    }
  }
  return removed;
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
export function replaceImage(
  db: Db,
  eventId: number,
  imageId: number,
  bytes: Uint8Array,
  kind: ImageKind,
): EventImage | undefined {
  const old = db.prepare('SELECT url FROM event_images WHERE id = ? AND event_id = ?').pluck().get(imageId, eventId) as
    string | undefined;
  if (old === undefined) return undefined;
  const image = storeThen(db, eventId, bytes, kind, (url) => {
    db.prepare('UPDATE event_images SET url = ? WHERE id = ?').run(url, imageId);
    return { id: imageId, url };
  });
  removeUnreferenced(db, [old]);
  return image;
}

export function deleteImage(db: Db, eventId: number, imageId: number): boolean {
  const old = db.prepare('SELECT url FROM event_images WHERE id = ? AND event_id = ?').pluck().get(imageId, eventId) as
    string | undefined;
  if (old === undefined) return false;
  db.transaction(() => {
    db.prepare('DELETE FROM event_images WHERE id = ?').run(imageId);
    const ids = listImages(db, eventId).map((i) => i.id);
    const set = db.prepare('UPDATE event_images SET position = ? WHERE id = ?');
    ids.forEach((id, i) => set.run(i, id));
  })();
  removeUnreferenced(db, [old]);
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

export function readUpload(
  db: Db,
  name: string,
  folder: UploadFolder = 'events',
): { bytes: Buffer; type: string } | null {
  if (!UPLOAD_NAME.test(name)) return null;
  try {
    const bytes = fs.readFileSync(path.join(uploadsDir(db, folder), name));
    const kind = imageKind(bytes);
    return kind ? { bytes, type: MIME[kind] } : null;
  } catch {
    return null;
  }
}
