import sharp, { type Sharp } from 'sharp';
import type { IconName } from '../../shared/association-api.ts';
import type { Db } from '../db/connection.ts';
import { checkPicture, imageKind, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../events/images.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The association's logo, made into the home-screen icons an installed app shows: icon_192 and icon_512 (the logo
 * on a transparent square) and maskable_512 (the logo inside the safe zone, on the theme colour, for launchers
 * that cut icons into circles or rounded squares). The logo comes as a PNG, JPEG or SVG, already cropped square by
 * the app; it is checked by its bytes like every upload. The icons are kept in association_icons under one new
 * version, which their addresses carry (store.ts), so an installed app fetches the new ones.
 */

export type LogoKind = 'png' | 'jpg' | 'svg';

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** An SVG document: optional XML declaration, comments and doctype, then the svg element. */
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

const notALogo = () =>
  new HttpError(415, 'unsupported_media_type', 'The logo must be a PNG, JPEG or SVG picture that can be read whole.');

/** What the logo is, judged by its bytes and by the decoder (415 otherwise, 413 when too large in pixels). */
export async function checkLogo(bytes: Uint8Array): Promise<LogoKind> {
  const kind = imageKind(bytes);
  if (kind === 'png' || kind === 'jpg') {
    await checkPicture(bytes);
    return kind;
  }
  if (kind || !SVG_START.test(Buffer.from(bytes.subarray(0, 4096)).toString('utf8'))) throw notALogo();
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format !== 'svg' || !meta.width || !meta.height) throw notALogo();
    // Drawn once to be sure it draws (the decoder refuses a broken document here).
    await sharp(bytes, { density: densityFor(meta.width, meta.height) }).stats();
  } catch {
    throw notALogo();
  }
  return 'svg';
}

/** An SVG is drawn at the density that makes its longer side 512 pixels, so the icons are sharp, not scaled up. */
function densityFor(width: number, height: number): number {
  return Math.min(100_000, Math.max(1, (72 * 512) / Math.max(width, height)));
}

async function decoded(bytes: Uint8Array, kind: LogoKind): Promise<Sharp> {
  if (kind !== 'svg') return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const meta = await sharp(bytes).metadata();
  return sharp(bytes, { density: densityFor(meta.width ?? MAX_IMAGE_SIDE, meta.height ?? MAX_IMAGE_SIDE) });
}

/**
 * The maskable icon: launchers may cut away all but a circle of 80% of the icon's width (the safe zone), so the
 * whole logo, a square, goes inside that circle (its side 80% / √2 of the icon) on the theme colour.
 */
export async function maskableIcon(icon512: Uint8Array, themeColor: string): Promise<Uint8Array> {
  const side = Math.round((512 * 0.8) / Math.SQRT2);
  const logo = await sharp(icon512).resize(side, side, { fit: 'contain', background: TRANSPARENT }).png().toBuffer();
  const png = await sharp({ create: { width: 512, height: 512, channels: 4, background: themeColor } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** The three icons made from a checked logo. */
export async function makeIcons(
  bytes: Uint8Array,
  kind: LogoKind,
  themeColor: string,
): Promise<Record<IconName, Uint8Array>> {
  const logo = await decoded(bytes, kind);
  const square = async (size: number) =>
    new Uint8Array(await logo.clone().resize(size, size, { fit: 'contain', background: TRANSPARENT }).png().toBuffer());
  const icon_512 = await square(512);
  return { icon_192: await square(192), icon_512, maskable_512: await maskableIcon(icon_512, themeColor) };
}

/** Stores icons under the next version (all three, or only those given, e.g. a maskable one for a new colour). */
export function storeIcons(db: Db, icons: Partial<Record<IconName, Uint8Array>>): number {
  return db.transaction(() => {
    const version =
      ((db.prepare('SELECT MAX(version) FROM association_icons').pluck().get() as number | null) ?? 0) + 1;
    const put = db.prepare('INSERT OR REPLACE INTO association_icons (name, png, version) VALUES (?, ?, ?)');
    for (const [name, png] of Object.entries(icons)) put.run(name, png, version);
    // Every icon answers under the newest version, so the profile's three addresses all name one version.
    db.prepare('UPDATE association_icons SET version = ?').run(version);
    return version;
  })();
}

/** A stored icon, or undefined while no logo was uploaded. */
export function readIcon(db: Db, name: IconName): { png: Uint8Array; version: number } | undefined {
  const row = db.prepare('SELECT png, version FROM association_icons WHERE name = ?').get(name) as
    { png: Buffer; version: number } | undefined;
  return row && { png: new Uint8Array(row.png), version: row.version };
}
