import { describe, expect, it } from 'vitest';
import { DEFAULT_CROPS } from '../../../shared/supermatches.ts';
import { cropToRect, rectToCrop, type PictureSize } from '../../lib/portrait.ts';
import { cropSizeLimits, describeCrop, MIN_CROP_PX, zoomRect } from './crop-math.ts';

const TALL: PictureSize = { width: 600, height: 1200 };
const WIDE: PictureSize = { width: 1600, height: 900 };

describe('crop size limits and zoom', () => {
  it('allows 48 px at least, and no more or less than the scale limits', () => {
    // Limiting width 600: scale 6 is 100 px, scale 0.3 is 2000 px.
    expect(cropSizeLimits(TALL)).toMatchObject({ minWidth: 100, maxWidth: 2000 });
    // A small picture: 48 px is more than a sixth of it.
    const small = cropSizeLimits({ width: 120, height: 400 });
    expect(small.minWidth).toBe(MIN_CROP_PX);
    expect(small.minHeight).toBeCloseTo(80, 9);
    // The limiting side of a wide picture is its height: 900 high is a 540-wide frame at scale 1.
    expect(cropSizeLimits(WIDE).maxWidth).toBeCloseTo(540 / 0.3, 6);
    expect(cropSizeLimits(WIDE).minWidth).toBeCloseTo(540 / 6, 6);
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
