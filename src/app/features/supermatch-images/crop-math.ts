import type { Crop } from '../../../shared/supermatches.ts';

/**
 * The cropper frames a 3:5 rectangle on the picture (in the picture's own
 * pixels); the card stores a Crop (a zoom and a CSS object-position) and shows
 * it by the rule of lib/portrait.ts: the picture covers the 3:5 frame, its
 * (x%, y%) point sits on the frame's (x%, y%) point, and it is zoomed by
 * `scale` about that point. These two functions turn one into the other, so
 * the card shows exactly the region the admin framed.
 *
 * Why the formulas hold: covering the frame, the picture's limiting side
 * (its width when it is narrower than 3:5, else its height) fills the frame;
 * zoomed by s, the frame shows 1/s of that side, so s = W / w (or H / h), the
 * smaller of the two. A picture point u shows at P + (u - x% of W) * k, where
 * P is the frame's x% point and k the pixels-per-picture-pixel, so the frame's
 * left edge sees u = x% * W - x% * w, i.e. l = x% * (W - w). The same for y.
 */

/** Width over height of the portrait frame. */
export const FRAME_RATIO = 3 / 5;
export const MIN_SCALE = 0.3;
export const MAX_SCALE = 6;
/** The smallest crop, in picture pixels (its width; the height follows the ratio). */
export const MIN_CROP_PX = 48;
/** One wheel notch or one zoom key: in (x 1.02) or out (x 0.98). */
export const ZOOM_IN_STEP = 1.02;
export const ZOOM_OUT_STEP = 0.98;
/** Arrow keys move the crop by this many screen pixels (12 with Shift). */
export const NUDGE_PX = 4;
export const NUDGE_SHIFT_PX = 12;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

export const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** Rounded to a few decimals, so a stored crop does not carry float noise. */
const round = (v: number, places: number) => {
  const f = 10 ** places;
  return Math.round(v * f) / f;
};

/** The offset of a side in percent: 50 when the crop is as long as the picture (any point would do). */
function percent(offset: number, whole: number, part: number): number {
  const room = whole - part;
  return Math.abs(room) < 1e-9 ? 50 : (100 * offset) / room;
}

/** The stored crop for a cropper rectangle on a picture of `image` size. */
export function rectToCrop(rect: Rect, image: Size): Crop {
  const { width: W, height: H } = image;
  const scale = clampScale(Math.min(W / rect.width, H / rect.height));
  return {
    scale: round(scale, 4),
    object_position: {
      x: round(Math.max(-1000, Math.min(1000, percent(rect.left, W, rect.width))), 2),
      y: round(Math.max(-1000, Math.min(1000, percent(rect.top, H, rect.height))), 2),
    },
  };
}

/** The 3:5 rectangle (picture pixels) a stored crop shows of a picture of `image` size. */
export function cropToRect(crop: Crop, image: Size): Rect {
  const { width: W, height: H } = image;
  const scale = clampScale(crop.scale);
  let width: number;
  let height: number;
  if (W / H < FRAME_RATIO) {
    width = W / scale;
    height = width / FRAME_RATIO;
  } else {
    height = H / scale;
    width = height * FRAME_RATIO;
  }
  return {
    left: (crop.object_position.x / 100) * (W - width),
    top: (crop.object_position.y / 100) * (H - height),
    width,
    height,
  };
}

/**
 * The size limits of the crop rectangle on a picture: at least MIN_CROP_PX
 * wide, and as large or small as the scale limits allow (scale 6 shows a sixth
 * of the picture's limiting side, scale 0.3 shows it 1/0.3 times over).
 */
export function cropSizeLimits(image: Size): {
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
export function zoomRect(rect: Rect, factor: number, image: Size): Rect {
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
