import { describe, expect, it } from 'vitest';
import { DEFAULT_CROPS, DEFAULT_SCALE, type Crop } from '../../../shared/supermatches.ts';
import { portraitStyle } from '../../lib/portrait.ts';
import {
  clampScale,
  cropSizeLimits,
  cropToRect,
  describeCrop,
  MAX_SCALE,
  MIN_CROP_PX,
  MIN_SCALE,
  rectToCrop,
  zoomRect,
  type Rect,
  type Size,
} from './crop-math.ts';

const TALL: Size = { width: 600, height: 1200 }; // narrower than 3:5: its width limits
const WIDE: Size = { width: 1600, height: 900 }; // wider than 3:5: its height limits
const EXACT: Size = { width: 300, height: 500 };

/**
 * An independent model of what the browser draws for portraitStyle(crop) in a
 * frame of F x (F * 5/3) CSS pixels, read from the style itself:
 * object-fit: cover scales the picture by max(Fw/W, Fh/H); object-position
 * p% puts the picture's left edge at p% of the free room (Fw - drawn width);
 * transform: scale(s) with transform-origin at p% of the element box maps a
 * point q to origin + (q - origin) * s. Answers the picture region (in picture
 * pixels) that fills the frame.
 */
function regionShown(crop: Crop, image: Size, frameWidth = 300): Rect {
  const style = portraitStyle(crop);
  expect(style.objectFit).toBe('cover');
  const [px, py] = String(style.objectPosition).split(' ').map(parseFloat) as [number, number];
  const [ox, oy] = String(style.transformOrigin).split(' ').map(parseFloat) as [number, number];
  const s = Number(/scale\(([^)]+)\)/.exec(String(style.transform))![1]);
  const Fw = frameWidth;
  const Fh = (frameWidth * 5) / 3;
  const cover = Math.max(Fw / image.width, Fh / image.height);
  const drawnW = image.width * cover;
  const drawnH = image.height * cover;
  const imgLeft = (px / 100) * (Fw - drawnW);
  const imgTop = (py / 100) * (Fh - drawnH);
  const originX = (ox / 100) * Fw;
  const originY = (oy / 100) * Fh;
  // Screen position of picture point (u, v), and back.
  const toPictureX = (X: number) => ((originX + (X - originX) / s - imgLeft) / drawnW) * image.width;
  const toPictureY = (Y: number) => ((originY + (Y - originY) / s - imgTop) / drawnH) * image.height;
  const left = toPictureX(0);
  const top = toPictureY(0);
  return { left, top, width: toPictureX(Fw) - left, height: toPictureY(Fh) - top };
}

const expectRect = (a: Rect, b: Rect, digits = 6) => {
  expect(a.left).toBeCloseTo(b.left, digits);
  expect(a.top).toBeCloseTo(b.top, digits);
  expect(a.width).toBeCloseTo(b.width, digits);
  expect(a.height).toBeCloseTo(b.height, digits);
};

const crops: Crop[] = [
  { scale: 1, object_position: { x: 50, y: 50 } },
  { scale: 0.9, object_position: { x: 120, y: 0 } },
  { scale: 0.9, object_position: { x: -60, y: 100 } },
  { scale: 2.5, object_position: { x: 10, y: 80 } },
  { scale: 0.3, object_position: { x: 33, y: 66 } },
  { scale: 6, object_position: { x: 100, y: 0 } },
];

describe('crop rectangle and stored crop', () => {
  it('shows on the card exactly the rectangle the cropper framed (checked against a model of the CSS)', () => {
    for (const image of [TALL, WIDE, EXACT]) {
      for (const crop of crops) {
        const framed = cropToRect(crop, image);
        expectRect(regionShown(crop, image), framed);
        expectRect(regionShown(crop, image, 137), framed);
        expect(framed.width / framed.height).toBeCloseTo(3 / 5, 9);
      }
    }
  });

  it('round-trips a crop through the rectangle and back', () => {
    for (const image of [TALL, WIDE]) {
      for (const crop of crops) {
        const back = rectToCrop(cropToRect(crop, image), image);
        expect(back.scale).toBeCloseTo(crop.scale, 3);
        expect(back.object_position.x).toBeCloseTo(crop.object_position.x, 1);
        expect(back.object_position.y).toBeCloseTo(crop.object_position.y, 1);
      }
    }
  });

  it('round-trips a rectangle through the crop and back', () => {
    const rect = { left: 100, top: 250, width: 240, height: 400 };
    expectRect(cropToRect(rectToCrop(rect, TALL), TALL), rect, 1);
    const wide = { left: -200, top: 40, width: 480, height: 800 };
    expectRect(cropToRect(rectToCrop(wide, WIDE), WIDE), wide, 1);
  });

  it('reads the scale from the limiting side and the position as a share of the free room', () => {
    // 600 x 1200 is narrower than 3:5: a 300-wide frame shows half its width.
    expect(rectToCrop({ left: 150, top: 0, width: 300, height: 500 }, TALL)).toEqual({
      scale: 2,
      object_position: { x: 50, y: 0 },
    });
    // 1600 x 900 is wider: a 900-high frame (540 wide) is scale 1, its left at 1060 of 1060 is 100%.
    expect(rectToCrop({ left: 1060, top: 0, width: 540, height: 900 }, WIDE)).toEqual({
      scale: 1,
      object_position: { x: 100, y: 50 },
    });
  });

  it('takes 50% on a side where the frame is exactly as long as the picture', () => {
    expect(rectToCrop({ left: 0, top: 0, width: 300, height: 500 }, EXACT).object_position).toEqual({ x: 50, y: 50 });
  });

  it('starts the editor at the defaults: scale 0.9, left athlete from the left, right from the right', () => {
    expect(DEFAULT_SCALE).toBe(0.9);
    const left = cropToRect(DEFAULT_CROPS.left, TALL);
    expect(left.width).toBeCloseTo(600 / 0.9, 6);
    // x 120%: beyond the free room (negative at scale 0.9), y 0: the top edge.
    expect(left.left).toBeCloseTo(1.2 * (600 - 600 / 0.9), 6);
    expect(left.top).toBe(0);
    const right = cropToRect(DEFAULT_CROPS.right, TALL);
    expect(right.top).toBeCloseTo(1200 - right.height, 6);
    expect(rectToCrop(left, TALL)).toEqual(DEFAULT_CROPS.left);
    expect(rectToCrop(right, TALL)).toEqual(DEFAULT_CROPS.right);
  });

  it('keeps the scale within 0.3 to 6', () => {
    expect(clampScale(0.1)).toBe(MIN_SCALE);
    expect(clampScale(10)).toBe(MAX_SCALE);
    expect(clampScale(1.5)).toBe(1.5);
    expect(rectToCrop({ left: 0, top: 0, width: 30, height: 50 }, TALL).scale).toBe(6);
    expect(rectToCrop({ left: 0, top: 0, width: 6000, height: 10000 }, TALL).scale).toBe(0.3);
    expect(cropToRect({ scale: 50, object_position: { x: 0, y: 0 } }, TALL).width).toBeCloseTo(100, 6);
    expect(cropToRect({ scale: 0.01, object_position: { x: 0, y: 0 } }, TALL).width).toBeCloseTo(2000, 6);
  });
});

describe('crop size limits and zoom', () => {
  it('allows 48 px at least, and no more or less than the scale limits', () => {
    // Limiting width 600: scale 6 is 100 px, scale 0.3 is 2000 px.
    expect(cropSizeLimits(TALL)).toMatchObject({ minWidth: 100, maxWidth: 2000 });
    // A small picture: 48 px is more than a sixth of it.
    const small = cropSizeLimits({ width: 120, height: 400 });
    expect(small.minWidth).toBe(MIN_CROP_PX);
    expect(small.minHeight).toBeCloseTo(80, 9);
    // Limiting side is the height for a wide picture: 900 high is a 540-wide frame at scale 1.
    expect(cropSizeLimits(WIDE).maxWidth).toBeCloseTo(540 / 0.3, 6);
  });

  it('zooms about the centre in steps of 1.02 and 0.98, and stops at the limits', () => {
    const rect = cropToRect({ scale: 1, object_position: { x: 50, y: 50 } }, TALL);
    const zin = zoomRect(rect, 1.02, TALL);
    expect(rectToCrop(zin, TALL).scale).toBeCloseTo(1.02, 4);
    expect(zin.left + zin.width / 2).toBeCloseTo(rect.left + rect.width / 2, 9);
    expect(zin.top + zin.height / 2).toBeCloseTo(rect.top + rect.height / 2, 9);
    expect(rectToCrop(zoomRect(rect, 0.98, TALL), TALL).scale).toBeCloseTo(0.98, 4);
    let r = rect;
    for (let i = 0; i < 200; i++) r = zoomRect(r, 1.02, TALL);
    expect(rectToCrop(r, TALL).scale).toBe(6);
    for (let i = 0; i < 300; i++) r = zoomRect(r, 0.98, TALL);
    expect(rectToCrop(r, TALL).scale).toBe(0.3);
  });

  it('says the numbers in words', () => {
    expect(describeCrop(DEFAULT_CROPS.left)).toBe('Zoom 0.90× · position 120% 0%');
  });
});
