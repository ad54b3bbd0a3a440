import { useState, type CSSProperties, type SyntheticEvent } from 'react';
import type { Crop } from '../../shared/supermatches.ts';

/**
 * How a stored crop shows a picture in its 3:5 frame: the picture covers the
 * frame, its point at (x%, y%) sits on the frame's point at (x%, y%), and it
 * is zoomed by `scale` about that same point; the frame shows the picture
 * wherever the picture reaches and the card behind it elsewhere. The image
 * editor frames a 3:5 rectangle on the picture and stores it as these numbers
 * (rectToCrop); the card turns them back into that rectangle (cropToRect).
 *
 * Why the numbers map so: covering the frame, the picture's limiting side
 * (its width when it is narrower than 3:5, else its height) fills the frame;
 * zoomed by s the frame shows 1/s of that side, so s = W / w (or H / h), the
 * smaller. The frame's x% point shows the picture's x% point, so the frame's
 * left edge shows l = x% * W - x% * w = x% * (W - w), and the same for y.
 */

/** Width over height of the portrait frame. */
export const FRAME_RATIO = 3 / 5;
export const MIN_SCALE = 0.3;
export const MAX_SCALE = 6;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface PictureSize {
  width: number;
  height: number;
}

export const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

const round = (v: number, places: number) => {
  const f = 10 ** places;
  return Math.round(v * f) / f;
};

/**
 * An offset in percent of the free room. When the frame is as long as the
 * picture any percent shows the same: `same` (the crop's value so far), else 50.
 */
function percent(offset: number, whole: number, part: number, same = 50): number {
  const room = whole - part;
  return Math.abs(room) < 1e-6 * whole ? same : (100 * offset) / room;
}

/**
 * The stored crop for a 3:5 rectangle (picture pixels) on a picture of
 * `picture` size; `previous` keeps its position on a side where any would do.
 */
export function rectToCrop(rect: Rect, picture: PictureSize, previous?: Crop): Crop {
  const { width: W, height: H } = picture;
  const scale = clampScale(Math.min(W / rect.width, H / rect.height));
  const pos = (v: number) => round(Math.max(-1000, Math.min(1000, v)), 2);
  const was = previous?.object_position;
  return {
    scale: round(scale, 4),
    object_position: {
      x: pos(percent(rect.left, W, rect.width, was?.x)),
      y: pos(percent(rect.top, H, rect.height, was?.y)),
    },
  };
}

/** The 3:5 rectangle (picture pixels) a stored crop shows of a picture of `picture` size. */
export function cropToRect(crop: Crop, picture: PictureSize): Rect {
  const { width: W, height: H } = picture;
  const scale = clampScale(crop.scale);
  const width = W / H < FRAME_RATIO ? W / scale : (H / scale) * FRAME_RATIO;
  const height = width / FRAME_RATIO;
  return {
    left: (crop.object_position.x / 100) * (W - width),
    top: (crop.object_position.y / 100) * (H - height),
    width,
    height,
  };
}

/**
 * The style of an <img> filling its 3:5 frame (the frame: position relative,
 * overflow hidden). Knowing the picture's size it places the picture exactly
 * by the rule above, measured in the frame's width. Before the picture has
 * loaded (size unknown) it gives the CSS-only version (object-fit: cover,
 * object-position and a scale about it), which is the same picture region
 * when scale >= 1 and x, y lie in 0-100; otherwise the img's own box would cut
 * the picture to its unzoomed frame, which is why the size is used once known.
 */
export function portraitStyle(crop: Crop, picture?: PictureSize | null): CSSProperties {
  const { x, y } = crop.object_position;
  if (picture && picture.width > 0 && picture.height > 0) {
    const r = cropToRect(crop, picture);
    const pct = (v: number) => `${round((v / r.width) * 100, 4)}%`;
    return {
      position: 'absolute',
      left: pct(-r.left),
      top: 0,
      // A vertical margin in percent is a share of the frame's width, the ruler here.
      marginTop: pct(-r.top),
      width: pct(picture.width),
      height: 'auto',
      maxWidth: 'none',
      maxHeight: 'none',
      transform: 'none',
    };
  }
  return {
    objectFit: 'cover',
    objectPosition: `${x}% ${y}%`,
    transform: `scale(${crop.scale})`,
    transformOrigin: `${x}% ${y}%`,
  };
}

/**
 * portraitStyle for an <img> of `src`, exact once the picture has loaded:
 * spread `{ style, onLoad }` on the img.
 */
export function usePortraitStyle(crop: Crop, src: string | null) {
  const [size, setSize] = useState<(PictureSize & { src: string }) | null>(null);
  const known = size && size.src === src ? size : null;
  return {
    style: portraitStyle(crop, known),
    onLoad: (e: SyntheticEvent<HTMLImageElement>) => {
      const img = e.currentTarget;
      if (src) setSize({ src, width: img.naturalWidth, height: img.naturalHeight });
    },
  };
}
