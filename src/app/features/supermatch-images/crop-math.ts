import type { Crop } from '../../../shared/supermatches.ts';
import { FRAME_RATIO, MAX_SCALE, MIN_SCALE, type PictureSize, type Rect } from '../../lib/portrait.ts';

/**
 * The editor's rules for the cropper's 3:5 rectangle (in picture pixels): how
 * small and large it may be, how it zooms, and the crop in words. Turning it
 * into the stored crop and back is lib/portrait.ts's rule (rectToCrop,
 * cropToRect), the same the card uses to show it.
 */

/** The smallest crop, in picture pixels (its width; the height follows the ratio). */
export const MIN_CROP_PX = 48;
/** One wheel notch or one zoom key: in (x 1.02) or out (x 0.98). */
export const ZOOM_IN_STEP = 1.02;
export const ZOOM_OUT_STEP = 0.98;
/** Arrow keys move the crop by this many screen pixels (12 with Shift). */
export const NUDGE_PX = 4;
export const NUDGE_SHIFT_PX = 12;

/**
 * The size limits of the crop rectangle on a picture: at least MIN_CROP_PX
 * wide, and as large or small as the scale limits allow (scale 6 shows a sixth
 * of the picture's limiting side, scale 0.3 shows it 1/0.3 times over).
 */
export function cropSizeLimits(image: PictureSize): {
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
} {
  const { width: W, height: H } = image;
  const limitingWidth = W / H < FRAME_RATIO ? W : H * FRAME_RATIO;
  const maxWidth = limitingWidth / MIN_SCALE;
  const minWidth = Math.min(maxWidth, Math.max(MIN_CROP_PX, limitingWidth / MAX_SCALE));
  return { minWidth, maxWidth, minHeight: minWidth / FRAME_RATIO, maxHeight: maxWidth / FRAME_RATIO };
}

/** The rectangle zoomed by `factor` about its centre (factor > 1 zooms in: a smaller rectangle), within the scale limits. */
export function zoomRect(rect: Rect, factor: number, image: PictureSize): Rect {
  const { minWidth, maxWidth } = cropSizeLimits(image);
  const width = Math.min(maxWidth, Math.max(minWidth, rect.width / factor));
  const height = width / FRAME_RATIO;
  return {
    left: rect.left + (rect.width - width) / 2,
    top: rect.top + (rect.height - height) / 2,
    width,
    height,
  };
}

/** 'Zoom 0.90× · position 120% 0%': the stored numbers in words. */
export function describeCrop(crop: Crop): string {
  const pct = (v: number) => `${Math.round(v)}%`;
  return `Zoom ${crop.scale.toFixed(2)}× · position ${pct(crop.object_position.x)} ${pct(crop.object_position.y)}`;
}
