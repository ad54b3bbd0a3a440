import { describe, expect, it } from 'vitest';
import { DEFAULT_CROPS, DEFAULT_SCALE, type Crop } from '../../shared/supermatches.ts';
import {
  clampScale,
  cropToRect,
  MAX_SCALE,
  MIN_SCALE,
  portraitStyle,
  rectToCrop,
  type PictureSize,
  type Rect,
} from './portrait.ts';

const TALL: PictureSize = { width: 600, height: 1200 }; // narrower than 3:5: its width limits
const WIDE: PictureSize = { width: 1600, height: 900 }; // wider than 3:5: its height limits
const EXACT: PictureSize = { width: 300, height: 500 };
const TALL_SMALL: PictureSize = { width: 300, height: 600 };

const FRAME_W = 150;
const FRAME_H = 250;

/**
 * What the browser draws for the exact style (picture size known), read from
 * the style: an absolutely placed picture, left and width in percent of the
 * frame's width, margin-top too (a vertical margin's percent is of the width),
 * height from the picture's own ratio. Answers the picture region (picture
 * pixels) behind the frame.
 */
function regionOfExactStyle(crop: Crop, picture: PictureSize): Rect {
  const style = portraitStyle(crop, picture);
  expect(style).toMatchObject({ position: 'absolute', top: 0, height: 'auto' });
  const pct = (v: unknown) => (parseFloat(String(v)) / 100) * FRAME_W;
  const drawnW = pct(style.width);
  const k = drawnW / picture.width; // screen pixels per picture pixel
  return { left: -pct(style.left) / k, top: -pct(style.marginTop) / k, width: FRAME_W / k, height: FRAME_H / k };
}

/**
 * What the browser draws for the CSS-only style: object-fit: cover scales the
 * picture by max(Fw/W, Fh/H) into the img box (the frame); object-position p%
 * puts its left edge at p% of the free room; transform: scale(s) about the
 * box's p% point. The img box clips the picture, so the frame shows the
 * region (picture pixels) below, cut to the unzoomed box.
 */
function regionOfCssStyle(crop: Crop, picture: PictureSize): { shown: Rect; box: Rect } {
  const style = portraitStyle(crop);
  expect(style.objectFit).toBe('cover');
  const [px, py] = String(style.objectPosition).split(' ').map(parseFloat) as [number, number];
  const [ox, oy] = String(style.transformOrigin).split(' ').map(parseFloat) as [number, number];
  const s = Number(/scale\(([^)]+)\)/.exec(String(style.transform))![1]);
  const cover = Math.max(FRAME_W / picture.width, FRAME_H / picture.height);
  const imgLeft = (px / 100) * (FRAME_W - picture.width * cover);
  const imgTop = (py / 100) * (FRAME_H - picture.height * cover);
  const originX = (ox / 100) * FRAME_W;
  const originY = (oy / 100) * FRAME_H;
  const toPicX = (X: number) => (originX + (X - originX) / s - imgLeft) / cover;
  const toPicY = (Y: number) => (originY + (Y - originY) / s - imgTop) / cover;
  const shown = {
    left: toPicX(0),
    top: toPicY(0),
    width: toPicX(FRAME_W) - toPicX(0),
    height: toPicY(FRAME_H) - toPicY(0),
  };
  // The img box before the zoom, in picture pixels: what the picture is cut to.
  const box = { left: -imgLeft / cover, top: -imgTop / cover, width: FRAME_W / cover, height: FRAME_H / cover };
  return { shown, box };
}

const inside = (a: Rect, b: Rect) =>
  a.left >= b.left - 1e-6 &&
  a.top >= b.top - 1e-6 &&
  a.left + a.width <= b.left + b.width + 1e-6 &&
  a.top + a.height <= b.top + b.height + 1e-6;

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
  { scale: 3, object_position: { x: 140, y: -20 } },
];
const pictures = [TALL, WIDE, EXACT];

describe('how a crop shows a picture', () => {
  it('with the picture size known, the frame shows exactly the rectangle the editor framed', () => {
    for (const picture of pictures) {
      for (const crop of crops) {
        const framed = cropToRect(crop, picture);
        expect(framed.width / framed.height).toBeCloseTo(3 / 5, 9);
        expectRect(regionOfExactStyle(crop, picture), framed, 2);
      }
    }
  });

  it('before the picture loads, CSS alone shows the same region when zoomed in within 0-100%', () => {
    for (const picture of pictures) {
      for (const crop of crops) {
        const { shown, box } = regionOfCssStyle(crop, picture);
        const framed = cropToRect(crop, picture);
        expectRect(shown, framed);
        const inRange =
          crop.scale >= 1 && [crop.object_position.x, crop.object_position.y].every((v) => v >= 0 && v <= 100);
        // Zoomed out (or placed beyond the edges), the img box cuts part of the framed region away.
        expect(inside(shown, box)).toBe(inRange);
      }
    }
  });
});

describe('crop rectangle and stored crop', () => {
  it('round-trips a crop through the rectangle and back', () => {
    for (const picture of [TALL, WIDE]) {
      for (const crop of crops) {
        const back = rectToCrop(cropToRect(crop, picture), picture);
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

  it('on a side where the frame is exactly as long as the picture, keeps the crop so far (else 50%)', () => {
    const whole = { left: 0, top: 0, width: 300, height: 500 };
    expect(rectToCrop(whole, EXACT).object_position).toEqual({ x: 50, y: 50 });
    expect(rectToCrop(whole, EXACT, { scale: 1, object_position: { x: 20, y: 40 } }).object_position).toEqual({
      x: 20,
      y: 40,
    });
    // Only that side: a 300 x 600 picture framed full width keeps x, reads y.
    expect(
      rectToCrop({ left: 0, top: 50, width: 300, height: 500 }, TALL_SMALL, DEFAULT_CROPS.left).object_position,
    ).toEqual({ x: 120, y: 50 });
  });

  it('the defaults: scale 0.9, the left athlete pulled to the right edge at the top, the right one the other way', () => {
    expect(DEFAULT_SCALE).toBe(0.9);
    const left = cropToRect(DEFAULT_CROPS.left, TALL);
    expect(left.width).toBeCloseTo(600 / 0.9, 6);
    // x 120%: 1.2 of the free room, which is negative when zoomed out.
    expect(left.left).toBeCloseTo(1.2 * (600 - 600 / 0.9), 6);
    expect(left.top).toBe(0);
    const right = cropToRect(DEFAULT_CROPS.right, TALL);
    expect(right.left).toBeCloseTo(-0.6 * (600 - 600 / 0.9), 6);
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
