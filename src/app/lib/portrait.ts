import type { CSSProperties } from 'react';
import type { Crop } from '../../shared/supermatches.ts';

/**
 * How a stored crop shows a picture in its 3:5 frame: the image covers the
 * frame (object-fit: cover), its point at (x%, y%) sits on the frame's point
 * at (x%, y%), and it is zoomed by `scale` about that same point. The image
 * editor turns a cropper rectangle into these numbers (and back), so the
 * card shows exactly what the admin framed.
 */
export function portraitStyle(crop: Crop): CSSProperties {
  const { x, y } = crop.object_position;
  return {
    objectFit: 'cover',
    objectPosition: `${x}% ${y}%`,
    transform: `scale(${crop.scale})`,
    transformOrigin: `${x}% ${y}%`,
  };
}
