import { describe, expect, it } from 'vitest';
import { dragCloses, dragCloseThreshold } from './drag-close.ts';

describe('drag to close', () => {
  it('needs 20% of the height, clamped to 140-240 px, or a velocity over 1.2', () => {
    expect(dragCloseThreshold(500)).toBe(140);
    expect(dragCloseThreshold(1000)).toBe(200);
    expect(dragCloseThreshold(2000)).toBe(240);
    expect(dragCloses(199, 1000, 0.5)).toBe(false);
    expect(dragCloses(200, 1000, 0.5)).toBe(true);
    expect(dragCloses(40, 1000, 1.3)).toBe(true);
    expect(dragCloses(-300, 1000, 2)).toBe(false);
  });
});
