import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CROPS, type Crop, type ImageSide } from '../../shared/supermatches.ts';
import type { AthleteImageConfig } from '../../shared/answers/supermatches.ts';
import type { Db } from '../db/connection.ts';
import { removeUpload, uploadsDir, uploadUrlPrefix, writeFileAtomically, type ImageKind } from '../events/images.ts';

/**
 * The pictures the supermatch cards show, by athlete name (without regard to
 * case; a card may name someone with no results yet): one picture for when
 * the athlete stands on a card's left, one for the right, each with its crop.
 * Uploaded pictures are checked by their bytes like event pictures and kept
 * under uploads/athletes beside the database; a replaced one is removed.
 */

interface ImageRow {
  id: number;
  name: string;
  left_url: string | null;
  right_url: string | null;
  left_crop: string | null;
  right_crop: string | null;
}

const FOLDER = 'athletes';

function toConfig(row: ImageRow | undefined): AthleteImageConfig {
  return {
    left_url: row?.left_url ?? null,
    right_url: row?.right_url ?? null,
    left_crop: row?.left_crop ? (JSON.parse(row.left_crop) as Crop) : DEFAULT_CROPS.left,
    right_crop: row?.right_crop ? (JSON.parse(row.right_crop) as Crop) : DEFAULT_CROPS.right,
  };
}

/** Every athlete's settings, keyed by lower-cased name (what the cards read in one go). */
export function allImageConfigs(db: Db): Map<string, AthleteImageConfig> {
  const rows = db.prepare('SELECT * FROM athlete_images').all() as ImageRow[];
  return new Map(rows.map((r) => [r.name.toLowerCase(), toConfig(r)]));
}

/** The settings of each name as asked (keys spelled as asked); defaults for a name without any. */
export function imageConfigs(db: Db, names: readonly string[]): Record<string, AthleteImageConfig> {
  const read = db.prepare('SELECT * FROM athlete_images WHERE name = ? COLLATE NOCASE');
  return Object.fromEntries(names.map((n) => [n, toConfig(read.get(n) as ImageRow | undefined)]));
}

/** The headshot of each name as asked: its left picture, else its right one, else null. */
export function headshots(db: Db, names: readonly string[]): Record<string, { headshot_url: string | null }> {
  const configs = imageConfigs(db, names);
  return Object.fromEntries(
    Object.entries(configs).map(([n, c]) => [n, { headshot_url: c.left_url ?? c.right_url ?? null }]),
  );
}

/** The athlete's row, made when the name has none yet. */
function rowFor(db: Db, name: string): ImageRow {
  db.prepare('INSERT OR IGNORE INTO athlete_images (name, updated_at) VALUES (?, ?)').run(
    name,
    new Date().toISOString(),
  );
  return db.prepare('SELECT * FROM athlete_images WHERE name = ? COLLATE NOCASE').get(name) as ImageRow;
}

/**
 * Stores an uploaded picture as one side's picture of the athlete and answers
 * its URL. The file is written first and the row after; if the row cannot be
 * written the file is removed again, and the picture it replaces is removed
 * only once the row points at the new one.
 */
export function setAthleteImage(db: Db, name: string, side: ImageSide, bytes: Uint8Array, kind: ImageKind): string {
  const dir = uploadsDir(db, FOLDER);
  const row = rowFor(db, name);
  const file = writeFileAtomically(dir, row.id, bytes, kind);
  const url = `${uploadUrlPrefix(FOLDER)}${file}`;
  const old = side === 'left' ? row.left_url : row.right_url;
  try {
    db.prepare(`UPDATE athlete_images SET ${side}_url = ?, updated_at = ? WHERE id = ?`).run(
      url,
      new Date().toISOString(),
      row.id,
    );
  } catch (err) {
    fs.rmSync(path.join(dir, file), { force: true });
    throw err;
  }
  if (old && old !== url) removeUpload(dir, old, FOLDER);
  return url;
}

/** Sets a URL without an upload (the demo's drawn portraits, which ship with the app). */
export function setAthleteImageUrl(db: Db, name: string, side: ImageSide, url: string | null, crop?: Crop) {
  const row = rowFor(db, name);
  db.prepare(`UPDATE athlete_images SET ${side}_url = ?, ${side}_crop = ?, updated_at = ? WHERE id = ?`).run(
    url,
    crop ? JSON.stringify(crop) : null,
    new Date().toISOString(),
    row.id,
  );
}

export function setAthleteCrop(db: Db, name: string, side: ImageSide, crop: Crop) {
  const row = rowFor(db, name);
  db.prepare(`UPDATE athlete_images SET ${side}_crop = ?, updated_at = ? WHERE id = ?`).run(
    JSON.stringify(crop),
    new Date().toISOString(),
    row.id,
  );
}
