import type { ImageChange } from '../../../shared/supermatches.ts';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';

/**
 * The cards as they read after an image change, for the cache before the
 * server is asked again: an athlete's left picture shows wherever they are A
 * (left), the right one wherever they are B (right). Cards it does not touch
 * stay the same objects.
 */
export function applyImageChange(cards: SupermatchCard[], change: ImageChange): SupermatchCard[] {
  const same = (n: string) => n.toLowerCase() === change.name.toLowerCase();
  return cards.map((c) => {
    if (change.side === 'left' && same(c.a)) {
      return { ...c, leftImage: change.url ?? c.leftImage, leftCrop: change.crop ?? c.leftCrop };
    }
    if (change.side === 'right' && same(c.b)) {
      return { ...c, rightImage: change.url ?? c.rightImage, rightCrop: change.crop ?? c.rightCrop };
    }
    return c;
  });
}
